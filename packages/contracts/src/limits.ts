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

/**
 * The widget grid (spec 1 §9: 12 columns, row height 170, 245 in a view, 130 on a phone). The
 * breakpoints are widths of the grid itself, not of the window: each is where that many cards
 * of at least 220 px (the spec's card width) fit in a row with their 12 px gaps: lg 4, md 3,
 * sm 2, xs 1 (issue 25, docs/web-devices.md). With the 264 px side menu a 1280 px window is lg.
 */
export const grilla = {
  columnas: 12,
  breakpoints: { lg: 940, md: 700, sm: 480, xs: 0 },
  cols: { lg: 12, md: 12, sm: 12, xs: 12 },
  altoFila: 170,
  altoFilaVista: 245,
  altoFilaMovil: 130,
  anchosResize: [6, 12],
  altosResize: [1, 2],
} as const;

export const rangosHistorial = { ultimas24h: 1, ultimas72h: 2, mensual: 3, fechas: 5 } as const;
