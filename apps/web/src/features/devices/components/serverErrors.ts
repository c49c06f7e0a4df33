import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/httpClient';

/**
 * Puts the server's per-field messages on the form fields (the server validates with the same
 * schema, so names match). Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: string[],
) {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const item of error.errores) {
    const campo = item.campo.replace(/\[(\d+)\]/g, '.$1');
    if (fields.some((f) => campo === f || campo.startsWith(`${f}.`))) {
      setError(campo as Path<T>, { type: 'server', message: item.mensaje });
      applied = true;
    }
  }
  return applied;
}
