import { isApiError } from '../../../shared/api/httpClient';

/** Field errors keyed by dotted path ('acciones.0.sensores'), as the server and zod name them. */
export type FieldErrors = Record<string, string>;

/** The first message per path of a zod result (or none when it parsed). */
export function zodErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): FieldErrors {
  const out: FieldErrors = {};
  if (result.success || !result.error) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's field errors of an envelope, keyed the same way. */
export function serverErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!isApiError(error)) return out;
  for (const item of error.errores) out[item.campo.replace(/\[(\d+)\]/g, '.$1')] ??= item.mensaje;
  return out;
}

/** Only the errors under the given top-level fields. */
export function pick(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => fields.some((f) => key === f || key.startsWith(`${f}.`))),
  );
}
