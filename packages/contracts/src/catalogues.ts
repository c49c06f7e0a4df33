/** Id catalogues shared by server and web (spec 1 §3, spec 2 §4). */

export const tiposWidget = {
  toggle: 1,
  tacometro: 2,
  termometro: 3,
  liquido: 4,
  texto: 5,
  mapa: 6,
  dimmer: 7,
  grafico: 8,
} as const;
export type TipoWidgetId = (typeof tiposWidget)[keyof typeof tiposWidget];

export const tiposWidgetCatalogo: ReadonlyArray<{ id: TipoWidgetId; descripcion: string }> = [
  { id: 1, descripcion: 'Toggle' },
  { id: 2, descripcion: 'Tacómetro' },
  { id: 3, descripcion: 'Termómetro' },
  { id: 4, descripcion: 'Nivel de líquido' },
  { id: 5, descripcion: 'Texto' },
  { id: 6, descripcion: 'Mapa' },
  { id: 7, descripcion: 'Dimmer' },
  { id: 8, descripcion: 'Gráfico' },
];

/** Widget types that need no min/max reference (spec 1 §5). */
export const widgetsSinReferencia: ReadonlySet<number> = new Set([
  tiposWidget.mapa,
  tiposWidget.grafico,
  tiposWidget.toggle,
  tiposWidget.texto,
]);

/** Widget types whose value must be numeric. */
export const widgetsNumericos: ReadonlySet<number> = new Set([
  tiposWidget.tacometro,
  tiposWidget.termometro,
  tiposWidget.liquido,
  tiposWidget.dimmer,
  tiposWidget.grafico,
]);

export const tiposSensor = {
  temperatura: 1,
  humedad: 2,
  switch: 3,
  dimmer: 4,
  lm35: 5,
  buzzer: 6,
  ldr: 7,
  rele: 8,
  lampara: 9,
  ds18b20: 10,
  gps: 11,
  desarrollador: 12,
} as const;

export const tiposSensorCatalogo: ReadonlyArray<{ id: number; descripcion: string }> = [
  { id: 1, descripcion: 'Temperatura' },
  { id: 2, descripcion: 'Humedad' },
  { id: 3, descripcion: 'Switch' },
  { id: 4, descripcion: 'Dimmer' },
  { id: 5, descripcion: 'LM35' },
  { id: 6, descripcion: 'Buzzer' },
  { id: 7, descripcion: 'LDR' },
  { id: 8, descripcion: 'Relé' },
  { id: 9, descripcion: 'Lámpara' },
  { id: 10, descripcion: 'DS18B20' },
  { id: 11, descripcion: 'GPS' },
  { id: 12, descripcion: 'Desarrollador' },
];

/** tipoDato: 1 plain value, 2 JSON (spec 1 §3). */
export const tiposDato = { plano: 1, json: 2 } as const;
export const tiposDatoCatalogo = [
  { id: 1, descripcion: 'Plano' },
  { id: 2, descripcion: 'JSON' },
] as const;

/** Device-level roles (spec 1 §6, spec 2 §4). 4 is the owner level. 0 means "no role" (rejected request). */
export const rolesEquipo = {
  ninguno: 0,
  usuario: 1,
  administrador: 2,
  desarrollador: 3,
  propietario: 4,
} as const;
export type RolEquipoId = (typeof rolesEquipo)[keyof typeof rolesEquipo];
export const rolesEquipoCatalogo = [
  { id: 1, descripcion: 'Usuario' },
  { id: 2, descripcion: 'Administrador' },
  { id: 3, descripcion: 'Desarrollador' },
  { id: 4, descripcion: 'Propietario' },
] as const;

/** Subscription types 1..5 (spec 2 §4). */
export const tiposSuscripcion = { gratuita: 1, inicial: 2, intermedia: 3, full: 4, existe: 5 } as const;
export const tiposSuscripcionCatalogo = [
  { id: 1, descripcion: 'Gratuita' },
  { id: 2, descripcion: 'Inicial' },
  { id: 3, descripcion: 'Intermedia' },
  { id: 4, descripcion: 'Full' },
  { id: 5, descripcion: 'Existe' },
] as const;

/** Subscription token states (spec 2 §4). */
export const estadosToken = { activo: 1, finalizado: 2 } as const;
