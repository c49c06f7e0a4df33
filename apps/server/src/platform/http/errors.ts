import { type CodigoError, codigosError, type ErrorItem, mensajes } from '@nexo/contracts';

/**
 * A failure a service raises on purpose. The HTTP layer turns it into the envelope
 * `{ status: 2, codigo, mensaje, errores? }` with its real HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly mensaje: string,
    readonly codigo: CodigoError = codigosError.generico,
    readonly errores?: ErrorItem[],
  ) {
    super(mensaje);
    this.name = 'AppError';
  }
}

/** 400 with a message for one field (a rule the schema alone cannot check, e.g. uniqueness). */
export const fieldError = (campo: string, mensaje: string, status = 400) =>
  new AppError(status, mensaje, codigosError.generico, [{ campo, mensaje }]);

export const badRequest = (mensaje: string, codigo: CodigoError = codigosError.generico) =>
  new AppError(400, mensaje, codigo);
export const unauthorized = (
  mensaje: string = mensajes.noAutenticado,
  codigo: CodigoError = codigosError.sesionExpirada,
) => new AppError(401, mensaje, codigo);
export const forbidden = (mensaje: string = mensajes.sinPermiso) => new AppError(403, mensaje);
export const notFound = (mensaje: string = mensajes.noEncontrado) => new AppError(404, mensaje);
export const conflict = (mensaje: string) => new AppError(409, mensaje);
export const tooManyRequests = (mensaje: string = mensajes.demasiadosIntentos) => new AppError(429, mensaje);
