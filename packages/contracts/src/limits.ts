/** Business constants and limits (spec 1 §9, spec 2 §9). */
export const limites = {
  widgetsPorSensor: 2,
  labelMin: 2,
  labelMax: 100,
  topicMin: 2,
  topicMax: 100,
  variableMin: 2,
  variableMax: 100,
  valorOnOffMax: 50,
  nombreEquipoMin: 2,
  nombreEquipoMax: 100,
  nombreVistaMin: 2,
  nombreVistaMax: 50,
  /** Not in the spec: a bound so one request cannot carry an unbounded list. */
  sensoresPorVistaMax: 200,
  historialHorasMin: 1,
  historialHorasMax: 24,
  iconosPorTarjeta: 10,
  usuarioNombreMax: 100,
  usuarioUsernameMax: 50,
  usuarioMailMax: 100,
  telefonoMin: 3,
  telefonoMax: 14,
  passwordMin: 8,
  passwordMax: 50,
  codigoMin: 100000,
} as const;

export const tiempos = {
  dimmerDebounceMs: 100,
  layoutDebounceMs: 300,
  unicidadDebounceMs: 300,
  alertaAutoCierreMs: 5000,
  socketReintentoMs: 1000,
} as const;

export const tabla = {
  pageSize: 5,
  pageSizeOptions: [5, 10, 25, 30, 50, 75, 100],
} as const;

export const grilla = {
  columnas: 12,
  breakpoints: { lg: 1200, md: 996, xs: 0 },
  cols: { lg: 12, md: 12, xs: 12 },
  altoFila: 170,
  altoFilaVista: 245,
  altoFilaMovil: 130,
  anchosResize: [6, 12],
  altosResize: [1, 2],
} as const;

export const rangosHistorial = { ultimas24h: 1, ultimas72h: 2, mensual: 3, fechas: 5 } as const;
