import { z } from 'zod';

/** The active subscription token and its limits (spec 2 §3 "License/token"). */
export const LicenciaSchema = z.object({
  id: z.number(),
  tipoSuscripcion: z.object({ id: z.number(), descripcion: z.string() }),
  nombrePlan: z.string(),
  cantidadDispositivos: z.number(),
  cantidadSensores: z.number(),
  cantidadUsuarios: z.number(),
  cantEquiposAsignados: z.number(),
  cantSensoresAsignados: z.number(),
  cantUsuariosAsignados: z.number(),
  cancelacionSolicitada: z.boolean(),
  fechaDesde: z.number(),
  fechaHasta: z.number().nullable(),
  esGratuito: z.boolean(),
  permiteVistas: z.boolean(),
  permiteMapa: z.boolean(),
});
export type Licencia = z.infer<typeof LicenciaSchema>;

export const PlanSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoSuscripcion: z.object({ id: z.number(), descripcion: z.string() }),
  costo: z.number(),
  costoTres: z.number(),
  costoSeis: z.number(),
  costoDoce: z.number(),
  costoPaypal: z.number(),
  costoTresPaypal: z.number(),
  costoSeisPaypal: z.number(),
  costoDocePaypal: z.number(),
  cantMesesGratis: z.number(),
  cantidadSensores: z.number(),
  cantidadDispositivos: z.number(),
  cantidadUsuarios: z.number(),
  soloGratis: z.boolean(),
  puedeSerGratis: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;
