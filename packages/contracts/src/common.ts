import { config, z } from 'zod';
import { mensajes } from './messages.js';

// Spanish defaults for every issue a schema does not word itself (wrong types, non-object bodies),
// so no English zod text reaches a user. Messages set on a schema still take precedence.
// `config`, not `z.config`: the web bundle treats `z.…` calls as pure (vite.config.ts), and this
// one is the contracts' only side effect.
config({
  customError: (iss) => {
    if (!iss.path || iss.path.length === 0) return mensajes.cuerpoInvalido;
    if (iss.code === 'invalid_type') {
      return iss.input === undefined || iss.input === null ? mensajes.requerido : mensajes.campoInvalido;
    }
    if (iss.code === 'too_small') return mensajes.muyCorto;
    if (iss.code === 'too_big') return mensajes.muyLargo;
    return mensajes.campoInvalido;
  },
});

/** Success envelope: `{ status: 1, ...named fields }` (architecture, HTTP contract). */
export const OkSchema = z.object({ status: z.literal(1) });
export type Ok = z.infer<typeof OkSchema>;

export const ErrorItemSchema = z.object({ campo: z.string(), mensaje: z.string() });
export type ErrorItem = z.infer<typeof ErrorItemSchema>;

/** Failure envelope: a real HTTP status plus `{ status: 2, codigo, mensaje, errores? }`. */
export const ErrorEnvelopeSchema = z.object({
  status: z.literal(2),
  codigo: z.union([z.number(), z.string()]),
  mensaje: z.string(),
  errores: z.array(ErrorItemSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** `chequear*` answers: 1 = free, 3 = taken. */
export const ChequeoSchema = z.object({ status: z.union([z.literal(1), z.literal(3)]) });

const requiredIssue = (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === ''
    ? mensajes.requerido
    : mensajes.campoInvalido;

/** Tab and line breaks, the only control characters a multi-line text may hold. */
const espaciosMultilinea = /[\t\n\r]/g;

/**
 * True when `valor` has no control characters (Unicode Cc: U+0000–U+001F, U+007F–U+009F).
 * A multi-line text may hold tabs and line breaks; names and single-line texts may not.
 */
export function sinCaracteresDeControl(valor: string, opciones: { multilinea?: boolean } = {}): boolean {
  const revisado = opciones.multilinea ? valor.replace(espaciosMultilinea, '') : valor;
  return !/\p{Cc}/u.test(revisado);
}

/**
 * The rule every name and free-text input uses: refuses control characters with the
 * catalogue's message. Apply it to the string schema before `.nullable()`/`.optional()`.
 */
export function sinControl<T extends z.ZodString>(schema: T, opciones: { multilinea?: boolean } = {}): T {
  return schema.refine((v) => sinCaracteresDeControl(v, opciones), { error: mensajes.caracteresDeControl });
}

/** A required trimmed-or-not text field with the catalogue's length messages. */
export function texto(opts: { min?: number; max: number; maxMensaje?: string; minMensaje?: string }) {
  return sinControl(
    z
      .string({ error: requiredIssue })
      .min(1, { error: mensajes.requerido })
      .min(opts.min ?? 1, { error: opts.minMensaje ?? mensajes.muyCorto })
      .max(opts.max, { error: opts.maxMensaje ?? mensajes.muyLargo }),
  );
}

/** A positive integer id, accepted as a number or a numeric string (query strings, forms). */
export const IdSchema = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.campoInvalido })
  .positive({ error: mensajes.campoInvalido });

export const IdBodySchema = z.object({ id: IdSchema });
export type IdBody = z.infer<typeof IdBodySchema>;

/** A referenced object by id, e.g. `tipoEquipo: { id }`. */
export const RefSchema = z.object({ id: IdSchema });

export { requiredIssue };

/**
 * JSON Schema's conditional (if/then/else), for a schema's `.meta()`: the OpenAPI document states a
 * rule that a refinement checks (a field required by another field's value).
 */
export function condicional(si: object, entonces: object, sino?: object): Record<string, object> {
  const rule: Record<string, object> = { if: si };
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, not a thenable.
  rule.then = entonces;
  if (sino) rule.else = sino;
  return rule;
}
