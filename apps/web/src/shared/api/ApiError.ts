import type { ErrorItem } from '@nexo/contracts';

/** A failed call, already translated to the error catalogue (spec 1 §8). */
export class ApiError extends Error {
  readonly codigo: number | string;
  readonly mensaje: string;
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  readonly errores: ErrorItem[];

  constructor(init: { codigo: number | string; mensaje: string; status: number; errores?: ErrorItem[] }) {
    super(init.mensaje);
    this.name = 'ApiError';
    this.codigo = init.codigo;
    this.mensaje = init.mensaje;
    this.status = init.status;
    this.errores = init.errores ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
