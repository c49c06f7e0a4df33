/**
 * Collective action and favourite types and the automation error codes, without zod: what the
 * favourites bar and the frame read on every page (automation.ts holds the schemas).
 */

/** Collective action types (spec 2 §4). Acción propia is for developers only. */
export const tiposAccionColectiva = { apagar: 1, prender: 2, propia: 3 } as const;
export const tiposAccionColectivaCatalogo = [
  { id: 1, descripcion: 'Apagar' },
  { id: 2, descripcion: 'Prender' },
  { id: 3, descripcion: 'Acción propia' },
] as const;

/** toogleFavorito's tipo: 1 collective action, 2 program (spec 2 §7). */
export const tiposFavorito = { accion: 1, programa: 2 } as const;

/** Error codes the web reacts to. */
export const codigosAutomatizacion = {
  sinSuscripcion: 'SIN_SUSCRIPCION',
  suscripcionNoFull: 'SUSCRIPCION_NO_FULL',
} as const;
