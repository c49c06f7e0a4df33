import { z } from 'zod';
import { IdSchema, RefSchema, requiredIssue, sinControl } from './common.js';
import { mensajes } from './messages.js';

/**
 * The admin area (ROLE_ADMIN): the device inventory, users, the catalogue and the audit log. The
 * spec names only /admin/equipos; the rest is ours (docs/api-admin.md).
 */

const texto = (min: number, max: number) =>
  sinControl(
    z
      .string({ error: requiredIssue })
      .trim()
      .min(min, { error: min <= 1 ? mensajes.requerido : mensajes.muyCorto })
      .max(max, { error: mensajes.muyLargo }),
  );

/** GET /api/admin/equipos: search by name, apikey or owner; state and type filters. */
export const ListadoEquiposAdminQuerySchema = z.object({
  texto: z.string().max(100).optional(),
  estado: z.enum(['conectado', 'desconectado', 'inventario']).optional(),
  tipo: z.coerce.number().int().positive().optional(),
});

/** POST /api/admin/equipos/crear: devices in bulk, named from a pattern ('{n}' is the number). */
export const CrearEquiposInputSchema = z.strictObject({
  patron: texto(2, 90),
  cantidad: z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.soloNumerosEnteros })
    .min(1, { error: mensajes.cantidadMinima })
    .max(100, { error: 'Hasta 100 equipos por vez' }),
  desde: z.coerce.number().int({ error: mensajes.soloNumerosEnteros }).min(0).max(1_000_000).default(1),
  tipoEquipo: RefSchema.optional().nullable(),
  firmware: sinControl(z.string().trim().max(100, { error: mensajes.muyLargo }))
    .optional()
    .nullable(),
});
export type CrearEquiposInput = z.input<typeof CrearEquiposInputSchema>;

/** POST /api/admin/equipos/asignar: to a user (username or e-mail) or to a purchase (its buyer). */
export const AsignarEquipoAdminInputSchema = z
  .strictObject({
    id: IdSchema,
    usuario: texto(2, 100).optional(),
    compra: IdSchema.optional(),
  })
  .refine((input) => (input.usuario === undefined) !== (input.compra === undefined), {
    error: 'Indique un usuario o una compra',
    path: ['usuario'],
  });
export type AsignarEquipoAdminInput = z.input<typeof AsignarEquipoAdminInputSchema>;

export const FirmwareInputSchema = z.strictObject({
  id: IdSchema,
  firmware: sinControl(z.string().trim().max(100, { error: mensajes.muyLargo })).nullable(),
});

export const EquipoAdminSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apikey: z.string(),
  tipoEquipo: z.object({ id: z.number(), descripcion: z.string() }).nullable(),
  propietario: z.object({ id: z.number(), username: z.string() }),
  conectado: z.boolean(),
  ultimoContacto: z.number().nullable(),
  creado: z.number(),
  enInventario: z.boolean(),
  /** The admin's hand-typed note. */
  firmware: z.string().nullable(),
  /** What the device itself reported over MQTT (firmware over the air); null before its first report. */
  firmwareReportado: z
    .object({ titulo: z.string().nullable(), version: z.string(), fecha: z.number() })
    .nullable(),
});
export type EquipoAdmin = z.infer<typeof EquipoAdminSchema>;

/** A device's credentials, as the admin prints them on its label. */
export const CredencialesEquipoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apikey: z.string(),
  secret: z.string(),
  /** The inventory device's single-use claim code (XXXX-XXXX-XXXX) for its label; null once it has an owner. */
  codigoReclamo: z.string().nullable().optional(),
});
export type CredencialesEquipo = z.infer<typeof CredencialesEquipoSchema>;

export const ListadoUsuariosAdminQuerySchema = z.object({ texto: z.string().max(100).optional() });

export const BloquearUsuarioInputSchema = z.strictObject({ id: IdSchema, bloqueado: z.boolean() });

export const UsuarioAdminSchema = z.object({
  id: z.number(),
  username: z.string(),
  nombre: z.string(),
  mail: z.string(),
  bloqueado: z.boolean(),
  esExterno: z.boolean(),
  roles: z.array(z.string()),
  creado: z.number(),
  usuarioPadreId: z.number().nullable(),
  licencia: z
    .object({
      plan: z.string(),
      esGratuito: z.boolean(),
      fechaHasta: z.number().nullable(),
      cantidadDispositivos: z.number(),
      cantidadSensores: z.number(),
      cantidadUsuarios: z.number(),
      cantEquiposAsignados: z.number(),
      cantSensoresAsignados: z.number(),
      cantUsuariosAsignados: z.number(),
    })
    .nullable(),
});
export type UsuarioAdmin = z.infer<typeof UsuarioAdminSchema>;

const precio = z.coerce
  .number({ error: requiredIssue })
  .min(0, { error: 'Mínimo 0' })
  .max(1e9, { error: mensajes.muyLargo });
const entero = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.soloNumerosEnteros })
  .min(0, { error: 'Mínimo 0' })
  .max(1_000_000, { error: mensajes.muyLargo });

/** POST /api/admin/catalogo/producto: create (no id) or edit a product. */
export const GuardarProductoInputSchema = z.strictObject({
  id: IdSchema.optional().nullable(),
  nombre: texto(2, 100),
  descripcion: sinControl(z.string().trim().max(500, { error: mensajes.muyLargo })).default(''),
  modelo: sinControl(z.string().trim().max(50, { error: mensajes.muyLargo })).default(''),
  categoriaProducto: RefSchema,
  valor: precio,
  stock: entero,
  activo: z.boolean().default(true),
});
export type GuardarProductoInput = z.input<typeof GuardarProductoInputSchema>;
export type GuardarProductoData = z.output<typeof GuardarProductoInputSchema>;

const paypalPlan = z
  .string()
  .trim()
  .max(60, { error: mensajes.muyLargo })
  .regex(/^[A-Za-z0-9-]*$/, { error: mensajes.campoInvalido })
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** POST /api/admin/catalogo/plan: a plan's limits, prices per period, PayPal plan ids and trial. */
export const GuardarPlanInputSchema = z.strictObject({
  id: IdSchema,
  nombre: texto(2, 50),
  costo: precio,
  costoTres: precio,
  costoSeis: precio,
  costoDoce: precio,
  costoPaypal: precio,
  costoTresPaypal: precio,
  costoSeisPaypal: precio,
  costoDocePaypal: precio,
  idSuscripcionPaypalUno: paypalPlan.optional(),
  idSuscripcionPaypalTres: paypalPlan.optional(),
  idSuscripcionPaypalSeis: paypalPlan.optional(),
  idSuscripcionPaypalDoce: paypalPlan.optional(),
  cantMesesGratis: entero.max(24, { error: mensajes.muyLargo }),
  cantidadSensores: entero,
  cantidadDispositivos: entero,
  cantidadUsuarios: entero,
  puedeSerGratis: z.boolean(),
  activo: z.boolean(),
});
export type GuardarPlanInput = z.input<typeof GuardarPlanInputSchema>;

export const GuardarTipoEquipoInputSchema = z.strictObject({
  id: IdSchema.optional().nullable(),
  descripcion: texto(2, 50),
});

/** GET /api/admin/auditoria?objeto=equipo&id=3: the changes made to one object, newest first. */
export const objetosAuditoria = ['equipo', 'usuario', 'compra', 'producto', 'plan', 'tipoEquipo'] as const;
export const AuditoriaQuerySchema = z.object({
  objeto: z.enum(objetosAuditoria, { error: mensajes.campoInvalido }),
  id: IdSchema,
});
export const EntradaAuditoriaSchema = z.object({
  id: z.number(),
  fecha: z.number(),
  usuario: z.string(),
  accion: z.string(),
  detalle: z.string().nullable(),
});
export type EntradaAuditoria = z.infer<typeof EntradaAuditoriaSchema>;

// ---- answers of the routes ----

const answer = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal(1), ...shape });
const Descripto = z.object({ id: z.number(), descripcion: z.string() });

export const ProductoAdminSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  modelo: z.string(),
  valor: z.number(),
  stock: z.number(),
  activo: z.boolean(),
  categoriaProducto: Descripto,
});
export type ProductoAdmin = z.infer<typeof ProductoAdminSchema>;
export const PlanAdminSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoSuscripcion: z.number(),
  costo: z.number(),
  costoTres: z.number(),
  costoSeis: z.number(),
  costoDoce: z.number(),
  costoPaypal: z.number(),
  costoTresPaypal: z.number(),
  costoSeisPaypal: z.number(),
  costoDocePaypal: z.number(),
  idSuscripcionPaypalUno: z.string().nullable(),
  idSuscripcionPaypalTres: z.string().nullable(),
  idSuscripcionPaypalSeis: z.string().nullable(),
  idSuscripcionPaypalDoce: z.string().nullable(),
  cantMesesGratis: z.number(),
  cantidadSensores: z.number(),
  cantidadDispositivos: z.number(),
  cantidadUsuarios: z.number(),
  puedeSerGratis: z.boolean(),
  activo: z.boolean(),
});
export const EquiposAdminAnswerSchema = answer({ equipos: z.array(EquipoAdminSchema) });
export const EquiposCreadosAnswerSchema = answer({ equipos: z.array(CredencialesEquipoSchema) });
export const CredencialesAnswerSchema = answer({ credenciales: CredencialesEquipoSchema });
export const UsuariosAdminAnswerSchema = answer({ usuarios: z.array(UsuarioAdminSchema) });
export const ProductosAdminAnswerSchema = answer({ productos: z.array(ProductoAdminSchema) });
export const PlanesAdminAnswerSchema = answer({ planes: z.array(PlanAdminSchema) });
export const TiposEquipoAdminAnswerSchema = answer({ tiposEquipo: z.array(Descripto) });
/** The id of the product or device type created or edited. */
export const IdAnswerSchema = answer({ id: z.number() });
export const AuditoriaAnswerSchema = answer({ entradas: z.array(EntradaAuditoriaSchema) });
