import { z } from 'zod';
import { OkSchema, texto } from './common.js';
import { mensajes } from './messages.js';

/**
 * Personal API tokens (perfil → 'Tokens de API'; docs/api-tokens.md): long-lived bearer tokens for
 * scripts and integrations, shown once and stored hashed, reaching the routes of their scopes.
 */

/** Every token starts with it, so secret scanners can find a leaked one. */
export const prefijoTokenApi = 'nexo_pat_';

/**
 * The scopes, from narrowest to widest; each includes the ones before it:
 * `lectura` devices, sensors, history, views and automations (read);
 * `comandos` plus sending values and running collective actions and programs;
 * `gestion` plus creating, editing and deleting devices, sensors, folders, views and automations.
 * No scope reaches admin routes, account changes, sharing, support or purchases.
 */
export const alcancesTokenApi = ['lectura', 'comandos', 'gestion'] as const;
export type AlcanceTokenApi = (typeof alcancesTokenApi)[number];

export const etiquetasAlcance: Record<AlcanceTokenApi, { titulo: string; detalle: string }> = {
  lectura: { titulo: 'Lectura', detalle: 'Equipos, sensores, historial, vistas y automatizaciones' },
  comandos: { titulo: 'Comandos', detalle: 'Lectura, más enviar valores y ejecutar acciones y programas' },
  gestion: {
    titulo: 'Gestión',
    detalle: 'Comandos, más crear y editar equipos, sensores, vistas y automatizaciones',
  },
};

/** True when a token holding `alcances` may call a route that needs `requerido`. */
export function alcanceCubre(alcances: readonly AlcanceTokenApi[], requerido: AlcanceTokenApi): boolean {
  const nivel = Math.max(-1, ...alcances.map((a) => alcancesTokenApi.indexOf(a)));
  return nivel >= alcancesTokenApi.indexOf(requerido);
}

/** Days a new token lasts; null = it never expires. */
export const diasVigenciaTokenApi = [30, 90, 365] as const;

/** Active tokens a user may hold at once. */
export const maxTokensApi = 20;

export const CrearTokenApiInputSchema = z.strictObject({
  nombre: texto({ max: 60 }),
  alcances: z
    .array(z.enum(alcancesTokenApi, { error: mensajes.campoInvalido }), { error: mensajes.alcanceRequerido })
    .min(1, { error: mensajes.alcanceRequerido })
    .max(alcancesTokenApi.length)
    .refine((v) => new Set(v).size === v.length, { error: mensajes.campoInvalido }),
  diasVigencia: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: mensajes.campoInvalido,
  }),
});
export type CrearTokenApiInput = z.input<typeof CrearTokenApiInputSchema>;
export type CrearTokenApiData = z.output<typeof CrearTokenApiInputSchema>;

export const TokenApiSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  alcances: z.array(z.enum(alcancesTokenApi)),
  /** The first characters after the prefix, to tell tokens apart ('nexo_pat_AbC1…'). */
  inicio: z.string(),
  creado: z.number().describe('Creación (epoch ms)'),
  vence: z.number().nullable().describe('Vencimiento (epoch ms); null = no vence'),
  ultimoUso: z.number().nullable().describe('Último uso (epoch ms)'),
  ultimaIp: z.string().nullable().describe('Dirección IP del último uso'),
});
export type TokenApi = z.infer<typeof TokenApiSchema>;

export const TokensApiAnswerSchema = OkSchema.extend({ tokens: z.array(TokenApiSchema) });
export const TokenApiCreadoAnswerSchema = OkSchema.extend({
  tokenApi: TokenApiSchema,
  /** The whole secret, shown only in this answer. */
  token: z.string().regex(/^nexo_pat_[A-Za-z0-9_-]+$/),
  mensaje: z.string(),
});
