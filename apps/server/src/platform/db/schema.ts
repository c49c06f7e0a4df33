import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The one typed Database interface, for both engines.
 * Times are epoch milliseconds; booleans are stored as 0/1 integers on both engines so
 * queries and results read the same everywhere.
 */
type Id = Generated<number>;
type Bool = number;
type EpochMs = number;

export interface UsersTable {
  id: Id;
  username: string;
  mail: string;
  nombre: string;
  telefono: string | null;
  codigo_pais_id: number | null;
  password_hash: string | null;
  es_externo: Bool;
  google_sub: string | null;
  mail_validado: Bool;
  telegram_chat_id: string | null;
  empresa_id: number | null;
  usuario_padre_id: number | null;
  /** IANA time zone; null = the platform default. */
  zona_horaria: string | null;
  created_at: EpochMs;
  /** Blocked by an admin: no login, no token refresh. */
  bloqueado: Generated<Bool>;
}

export interface UserRolesTable {
  user_id: number;
  rol: string;
}

export interface EmpresasTable {
  id: Id;
  nombre: string;
  logo_url: string | null;
}

export interface CountryCodesTable {
  id: Id;
  codigo_pais: string;
  descripcion: string;
}

/** Codes mailed for registration, password recovery and e-mail change; `hash` is what the client holds. */
export interface VerificationCodesTable {
  id: Id;
  hash: string;
  mail: string;
  code_hash: string;
  proposito: 'registro' | 'recuperacion' | 'cambio_mail';
  user_id: number | null;
  attempts: number;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  created_at: EpochMs;
}

/** Mail-validation links (`/login?codigoMail=`). */
export interface ActivationLinksTable {
  id: Id;
  token_hash: string;
  user_id: number;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  created_at: EpochMs;
}

/** Refresh tokens are stored hashed; a family shares one login, and reuse of a rotated one revokes the family. */
/** Personal API tokens (auth module): the secret's SHA-256, never the secret. */
/** One single-use claim code per inventory device (migration 0023). */
export interface DeviceClaimCodesTable {
  device_id: number;
  /** Normalized: 12 characters of CLAIM_ALPHABET, without dashes. */
  codigo: string;
  created_at: EpochMs;
  claimed_by: number | null;
  claimed_at: EpochMs | null;
}

export interface ApiTokensTable {
  id: Id;
  user_id: number;
  nombre: string;
  token_hash: string;
  /** The first characters after `nexo_pat_`, shown to tell tokens apart. */
  inicio: string;
  /** Scopes, comma separated (lectura, comandos, gestion). */
  alcances: string;
  created_at: EpochMs;
  expires_at: EpochMs | null;
  last_used_at: EpochMs | null;
  last_ip: string | null;
  revoked_at: EpochMs | null;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: EpochMs;
  created_at: EpochMs;
  rotated_at: EpochMs | null;
  revoked_at: EpochMs | null;
}

export interface SubscriptionTypesTable {
  id: number;
  descripcion: string;
}

export interface PlansTable {
  id: Id;
  nombre: string;
  tipo_suscripcion_id: number;
  costo: number;
  costo_tres: number;
  costo_seis: number;
  costo_doce: number;
  costo_paypal: number;
  costo_tres_paypal: number;
  costo_seis_paypal: number;
  costo_doce_paypal: number;
  cant_meses_gratis: number;
  cantidad_sensores: number;
  cantidad_dispositivos: number;
  cantidad_usuarios: number;
  solo_gratis: Bool;
  puede_ser_gratis: Bool;
  permite_vistas: Bool;
  permite_mapa: Bool;
  activo: Bool;
  /** PayPal billing plan ids per period (1, 3, 6, 12 months); null = not sold through PayPal. */
  paypal_plan_uno: Generated<string | null>;
  paypal_plan_tres: Generated<string | null>;
  paypal_plan_seis: Generated<string | null>;
  paypal_plan_doce: Generated<string | null>;
}

/** A user's licence: limits are copied from the plan when the token is issued. */
export interface SubscriptionTokensTable {
  id: Id;
  user_id: number;
  plan_id: number;
  tipo_suscripcion_id: number;
  estado: number;
  es_gratuito: Bool;
  cancelacion_solicitada: Bool;
  cantidad_dispositivos: number;
  cantidad_sensores: number;
  cantidad_usuarios: number;
  permite_vistas: Bool;
  permite_mapa: Bool;
  fecha_desde: EpochMs;
  fecha_hasta: EpochMs | null;
  created_at: EpochMs;
  /** The purchase that issued or last extended it; null for the registration trial and seeds. */
  compra_id: Generated<number | null>;
}

export interface DeviceTypesTable {
  id: number;
  descripcion: string;
}

export interface FoldersTable {
  id: Id;
  user_id: number;
  nombre: string;
  parent_id: number | null;
  es_root: Bool;
  created_at: EpochMs;
}

export interface DevicesTable {
  id: Id;
  nombre: string;
  apikey: string;
  secret: string;
  tipo_equipo_id: number | null;
  owner_id: number;
  conectado: Bool;
  conectado_cambio_at: EpochMs | null;
  created_at: EpochMs;
  /** Created by an admin in the inventory and not yet assigned to a customer. */
  inventario: Generated<Bool>;
  /** The admin's firmware note (version, build). */
  firmware: Generated<string | null>;
}

/** A user's role on a device, and where that user keeps it (folder). */
export interface DeviceUsersTable {
  device_id: number;
  user_id: number;
  rol_id: number;
  folder_id: number | null;
  created_at: EpochMs;
}

/** Groups: a user's request for access to a device (spec 2 §3); estado 1 pending, 2 approved, 3 rejected. */
export interface AccessRequestsTable {
  id: Id;
  device_id: number;
  requester_id: number;
  estado: number;
  created_at: EpochMs;
  answered_at: EpochMs | null;
  answered_by: number | null;
  /** The role granted on approval; null while pending or when rejected. */
  rol_id: number | null;
}

export interface SensorTypesTable {
  id: number;
  descripcion: string;
}

export interface WidgetTypesTable {
  id: number;
  descripcion: string;
}

export interface SensorsTable {
  id: Id;
  device_id: number;
  nombre: string;
  label_usuario: string;
  nombre_nexo: string;
  tipo_sensor_id: number;
  tipo_dato: number;
  variable_json: string | null;
  variable_longitud: string | null;
  calibracion: number;
  valor_encendido: string | null;
  valor_apagado: string | null;
  ultimo_valor: string | null;
  fecha_uv: EpochMs | null;
  conectado: Bool;
  created_at: EpochMs;
}

/** Widget definitions of a sensor (at most two). */
export interface ShadowsTable {
  id: Id;
  sensor_id: number;
  nombre: string;
  tipo_widget_id: number;
  valor_min_referencia: number | null;
  valor_max_referencia: number | null;
  cantidad_horas: number;
  orden: number;
}

/** Grid layouts per user and owner (a device or a view), all breakpoints in one JSON text. */
export interface LayoutsTable {
  user_id: number;
  owner_kind: 'equipo' | 'vista';
  owner_id: number;
  layouts: string;
  updated_at: EpochMs;
}

/** A user's views (vistas); owned by the views module. */
export interface ViewsTable {
  id: Id;
  user_id: number;
  nombre: string;
  created_at: EpochMs;
}

/** The sensors a view gathers, in display order (no foreign key to sensors: see migration 0009). */
export interface ViewSensorsTable {
  view_id: number;
  sensor_id: number;
  orden: number;
}

/** Support queries (support module). `compra_id` is the purchase of a 'Consulta por compra'. */
export interface ConsultasTable {
  id: Id;
  user_id: number;
  titulo: string;
  tipo_problema_id: number;
  estado_id: number;
  es_de_compra: Bool;
  compra_id: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The chat of a support query, in id order. */
export interface ConsultaMensajesTable {
  id: Id;
  consulta_id: number;
  cuerpo: string;
  es_de_usuario: Bool;
  autor_id: number | null;
  created_at: EpochMs;
}

/** Raw readings, keyed for (sensor_id, ts) range scans. valor_num is set when the value is numeric. */
export interface ReadingsTable {
  id: Id;
  sensor_id: number;
  ts: EpochMs;
  valor: string;
  valor_num: number | null;
}

/** Per-minute and per-hour aggregates maintained at ingest, so charts never scan raw rows. */
export interface ReadingRollupsTable {
  sensor_id: number;
  resolution_s: number;
  bucket_ts: EpochMs;
  cnt: number;
  sum: number;
  min: number;
  max: number;
}

/** Sealed readings: one sensor's hour compressed into one BLOB (history/codec/chunk.ts). */
export interface ReadingChunksTable {
  id: Id;
  sensor_id: number;
  hour_ts: EpochMs;
  first_ts: EpochMs;
  last_ts: EpochMs;
  min_id: number;
  max_id: number;
  cnt: number;
  num_cnt: number;
  min: number | null;
  max: number | null;
  sum: number | null;
  data: Uint8Array;
  minutes: Uint8Array | null;
}

/** Collective actions (automation module). */
export interface CollectiveActionsTable {
  id: Id;
  user_id: number;
  nombre: string;
  tipo_id: number;
  valor: string | null;
  favorita: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: EpochMs;
}

export interface CollectiveActionSensorsTable {
  action_id: number;
  sensor_id: number;
  orden: number;
}

/** Programs (automation module); estado_id 1 listo, 2 ejecutando, 3 en pausa. */
export interface ProgramsTable {
  id: Id;
  user_id: number;
  nombre: string;
  favorita: ColumnType<Bool, Bool | undefined, Bool>;
  estado_id: ColumnType<number, number | undefined, number>;
  run_id: number | null;
  current_task_id: number | null;
  next_task_id: number | null;
  task_started_at: EpochMs | null;
  created_at: EpochMs;
}

export interface ProgramTasksTable {
  id: Id;
  program_id: number;
  nombre: string;
  orden: number;
  duracion_dias: number;
  duracion_horas: number;
  minutos: number;
  proxima_automatica: ColumnType<Bool, Bool | undefined, Bool>;
}

export interface ProgramRunsTable {
  id: Id;
  program_id: number;
  fecha_inicio: EpochMs;
  fecha_fin: EpochMs | null;
}

export interface ProgramRunLogsTable {
  id: Id;
  run_id: number;
  tarea_nombre: string | null;
  descripcion: string;
  fecha: EpochMs;
}

/** Events (automation module): tipo_id 1 automático, 2 programado; task_id for a task's events. */
export interface EventsTable {
  id: Id;
  user_id: number;
  task_id: number | null;
  nombre: string;
  tipo_id: number;
  habilitado: ColumnType<Bool, Bool | undefined, Bool>;
  sensor_id: number | null;
  condicion_id: number | null;
  valor: string | null;
  periodo_id: number | null;
  hora: number | null;
  minuto: number | null;
  /** Weekdays as '0,3,5' (0 = Sunday). */
  dias_semana: string | null;
  dia_mes: number | null;
  created_at: EpochMs;
}

/** What an event or a task (momento 1 start, 2 end) does; `datos` is the action as JSON. */
export interface AutomationActionsTable {
  id: Id;
  event_id: number | null;
  task_id: number | null;
  momento: number | null;
  orden: number;
  tipo_accion_id: number;
  datos: string;
  minutos_espera: number | null;
  last_fired_at: EpochMs | null;
}

/** The durable scheduler's timers: one row per (kind, ref_id), claimed with a lease. */
export interface ScheduledJobsTable {
  id: Id;
  kind: string;
  ref_id: number;
  due_at: EpochMs;
  payload: string | null;
  lease_until: EpochMs | null;
  lease_owner: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
}

export interface AutomationRevisionsTable {
  id: number;
  revision: number;
}

/** In-app notifications (notifications module). */
export interface NotificationsTable {
  id: Id;
  user_id: number;
  titulo: string;
  cuerpo: string;
  origen_id: number;
  id_ref: number | null;
  leida: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: EpochMs;
}

/** The durable queue of deliveries on the channels besides the in-app list. */
export interface NotificationDeliveriesTable {
  id: Id;
  notification_id: number;
  user_id: number;
  channel: string;
  /** pendiente | enviada | omitida | fallida */
  estado: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: EpochMs;
  last_error: string | null;
  created_at: EpochMs;
  finished_at: EpochMs | null;
}

/** When a delivery was last queued per user and channel: the cooldown window starts there. */
export interface NotificationCooldownsTable {
  user_id: number;
  channel: string;
  last_queued_at: EpochMs;
}

/** Web push subscriptions (notifications module): one per browser endpoint; keys in base64url. */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: EpochMs;
  last_success_at: EpochMs | null;
}

export interface ProductCategoriesTable {
  id: number;
  descripcion: string;
}

export interface ProductsTable {
  id: Id;
  nombre: string;
  descripcion: string;
  modelo: string;
  categoria_id: number;
  /** Unit price, local currency. */
  valor: number;
  stock: number;
  activo: Bool;
  created_at: EpochMs;
}

/** A purchase (spec 2 §3): a licence (plan + months) or products from the cart. */
export interface PurchasesTable {
  id: Id;
  user_id: number;
  estado_id: number;
  tipo_compra_id: number;
  medio_pago_id: number | null;
  tipo_envio_id: number | null;
  direccion_envio: string | null;
  total: number;
  moneda: 'ARS' | 'USD';
  plan_id: number | null;
  cantidad_meses: number | null;
  modo_gratuita: Bool;
  ref_mercado_pago: string | null;
  /** The PayPal subscription id (unique: one subscription pays one purchase). */
  ref_paypal: string | null;
  /** The MercadoPago subscription (preapproval) that renews a licence paid by card every period. */
  ref_mp_suscripcion: string | null;
  numero_seguimiento: string | null;
  /** An unpaid product purchase gives its stock back at this time (null: nothing held). */
  reservada_hasta: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The shop's settings, one row (id 1): payment details and the unpaid-order rules. */
export interface ShopSettingsTable {
  id: number;
  transferencia_titular: string | null;
  transferencia_banco: string | null;
  transferencia_cbu: string | null;
  transferencia_alias: string | null;
  transferencia_iban: string | null;
  transferencia_swift: string | null;
  transferencia_cuit: string | null;
  local_direccion: string | null;
  local_horario: string | null;
  reserva_horas: number;
  max_compras_impagas: number;
  updated_at: EpochMs;
}

/** A logged-in user's cart line. */
export interface CartItemsTable {
  user_id: number;
  product_id: number;
  cantidad: number;
  updated_at: EpochMs;
}

export interface PurchaseItemsTable {
  id: Id;
  purchase_id: number;
  product_id: number | null;
  plan_id: number | null;
  nombre: string;
  modelo: string;
  cantidad: number;
  costo: number;
}

export interface PurchasePaymentsTable {
  id: Id;
  purchase_id: number;
  motivo: string;
  origen: string;
  monto: number;
  monto_final_recibido: number;
  moneda: 'ARS' | 'USD';
  ref_externa: string | null;
  created_at: EpochMs;
}

export interface PurchaseLogsTable {
  id: Id;
  purchase_id: number;
  descripcion: string;
  autor_id: number | null;
  created_at: EpochMs;
}

export interface PurchaseDevicesTable {
  purchase_id: number;
  device_id: number;
}

export interface PaymentNotificationsTable {
  id: Id;
  proveedor: string;
  ref_notificacion: string;
  created_at: EpochMs;
}

/** Who changed what, when: every admin action (modules/admin). */
export interface AuditLogTable {
  id: Id;
  actor_id: number | null;
  /** 'equipo', 'usuario', 'compra', 'producto', 'plan', 'tipoEquipo'. */
  objeto: string;
  objeto_id: number;
  accion: string;
  /** JSON with the values changed. */
  detalle: string | null;
  created_at: EpochMs;
}

/** Firmware over the air (modules/firmware, migration 0024). */
export interface FirmwarePackagesTable {
  id: Id;
  owner_id: number;
  titulo: string;
  version: string;
  tipo_equipo_id: number;
  notas: string | null;
  archivo: string;
  tamano: Generated<number>;
  sha256: Generated<string>;
  inventario: Generated<Bool>;
  /** 'db' (firmware_chunks) or 'dir' (FIRMWARE_DIR). */
  almacen: string;
  listo: Generated<Bool>;
  created_at: EpochMs;
}

export interface FirmwareChunksTable {
  package_id: number;
  seq: number;
  data: Buffer;
}

export interface FirmwareRolloutsTable {
  id: Id;
  owner_id: number;
  package_id: number;
  destino_tipo: string;
  destino_id: number;
  destino_nombre: string;
  estado: string;
  ritmo: number;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface FirmwareUpdatesTable {
  id: Id;
  rollout_id: number;
  package_id: number;
  device_id: number;
  estado: string;
  progreso: number | null;
  motivo: string | null;
  intentos: Generated<number>;
  notified_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface FirmwareDeviceVersionsTable {
  device_id: number;
  titulo: string | null;
  version: string;
  reported_at: EpochMs;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  empresas: EmpresasTable;
  country_codes: CountryCodesTable;
  verification_codes: VerificationCodesTable;
  activation_links: ActivationLinksTable;
  refresh_tokens: RefreshTokensTable;
  api_tokens: ApiTokensTable;
  device_claim_codes: DeviceClaimCodesTable;
  subscription_types: SubscriptionTypesTable;
  plans: PlansTable;
  subscription_tokens: SubscriptionTokensTable;
  device_types: DeviceTypesTable;
  firmware_packages: FirmwarePackagesTable;
  firmware_chunks: FirmwareChunksTable;
  firmware_rollouts: FirmwareRolloutsTable;
  firmware_updates: FirmwareUpdatesTable;
  firmware_device_versions: FirmwareDeviceVersionsTable;
  folders: FoldersTable;
  devices: DevicesTable;
  device_users: DeviceUsersTable;
  access_requests: AccessRequestsTable;
  sensor_types: SensorTypesTable;
  widget_types: WidgetTypesTable;
  sensors: SensorsTable;
  shadows: ShadowsTable;
  layouts: LayoutsTable;
  readings: ReadingsTable;
  reading_rollups: ReadingRollupsTable;
  reading_chunks: ReadingChunksTable;
  collective_actions: CollectiveActionsTable;
  collective_action_sensors: CollectiveActionSensorsTable;
  programs: ProgramsTable;
  program_tasks: ProgramTasksTable;
  program_runs: ProgramRunsTable;
  program_run_logs: ProgramRunLogsTable;
  events: EventsTable;
  automation_actions: AutomationActionsTable;
  scheduled_jobs: ScheduledJobsTable;
  automation_revisions: AutomationRevisionsTable;
  views: ViewsTable;
  view_sensors: ViewSensorsTable;
  consultas: ConsultasTable;
  consulta_mensajes: ConsultaMensajesTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_cooldowns: NotificationCooldownsTable;
  push_subscriptions: PushSubscriptionsTable;
  product_categories: ProductCategoriesTable;
  products: ProductsTable;
  purchases: PurchasesTable;
  shop_settings: ShopSettingsTable;
  cart_items: CartItemsTable;
  purchase_items: PurchaseItemsTable;
  purchase_payments: PurchasePaymentsTable;
  purchase_logs: PurchaseLogsTable;
  purchase_devices: PurchaseDevicesTable;
  payment_notifications: PaymentNotificationsTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type SensorRow = Selectable<SensorsTable>;
export type ShadowRow = Selectable<ShadowsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type ReadingRow = Selectable<ReadingsTable>;
export type NewReading = Insertable<ReadingsTable>;
export type PlanRow = Selectable<PlansTable>;
export type SubscriptionTokenRow = Selectable<SubscriptionTokensTable>;
export type { ColumnType };
