import { z } from 'zod';
import { IdSchema, requiredIssue } from './common.js';
import { mensajes } from './messages.js';

/** Connectivity calls (issue 4): commands, last value, device HTTP and the external broker's auth hook. */

/** A value sent to a sensor; numbers are accepted and sent as text. */
const valorSchema = z
  .union([z.string({ error: requiredIssue }), z.number(), z.boolean()])
  .transform((v) => String(v))
  .pipe(z.string().min(1, { error: mensajes.requerido }).max(255, { error: mensajes.muyLargo }));

export const EnviarValorBodySchema = z.object({ idSensor: IdSchema, valor: valorSchema });
export type EnviarValorBody = z.infer<typeof EnviarValorBodySchema>;

export const EnviarDeveloperBodySchema = z.object({
  idSensor: IdSchema,
  texto: z.string({ error: requiredIssue }).max(1024, { error: mensajes.muyLargo }),
  longitud: z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.soloNumerosEnteros })
    .min(0)
    .max(1024),
});
export type EnviarDeveloperBody = z.infer<typeof EnviarDeveloperBodySchema>;

export const UltimoBodySchema = z.object({ idSensor: IdSchema });
export type UltimoBody = z.infer<typeof UltimoBodySchema>;

export const SensorUltimoSchema = z.object({
  id: z.number(),
  ultimoValor: z.string().nullable(),
  fechaUV: z.number().nullable(),
  conectado: z.boolean(),
});
export type SensorUltimo = z.infer<typeof SensorUltimoSchema>;
export const UltimoResponseSchema = z.object({ status: z.literal(1), sensor: SensorUltimoSchema });

/** `GET|POST /sv/dispositivo/{apikey}/{nombreNexo}`; the secret travels in `X-Api-Secret` or `?secret=`. */
export const DispositivoParamsSchema = z.object({ apikey: z.string().min(1), nombreNexo: z.string().min(1) });
export const DispositivoQuerySchema = z.object({ secret: z.string().optional() });
export const DispositivoValorResponseSchema = z.object({
  status: z.literal(1),
  valor: z.string().nullable(),
  fecha: z.number().nullable(),
  conectado: z.boolean(),
});
export type DispositivoValorResponse = z.infer<typeof DispositivoValorResponseSchema>;

/** Auth hook bodies: EMQX (`username`, `password`, `clientid`, `topic`, `action`) and mosquitto-go-auth (`acc`). */
export const MqttAuthBodySchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  clientid: z.string().optional(),
  /** The device's address as the broker saw it (EMQX `${peerhost}`); counts failures per device IP. */
  peerhost: z.string().max(64).optional(),
});
export const MqttAclBodySchema = z.object({
  username: z.string().default(''),
  topic: z.string().default(''),
  clientid: z.string().optional(),
  /** EMQX: 'publish' | 'subscribe'. */
  action: z.string().optional(),
  /** mosquitto-go-auth: 1 read, 2 write, 3 read+write, 4 subscribe. */
  acc: z.coerce.number().optional(),
});

/** EMQX webhook (rule `SELECT * FROM "$events/client_connected", "$events/client_disconnected"`). */
export const MqttEventBodySchema = z.object({
  event: z.string(),
  username: z.string().nullable().optional(),
  clientid: z.string().optional(),
});
