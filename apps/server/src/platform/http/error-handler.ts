import { codigosError, type ErrorEnvelope, mensajes } from '@nexo/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

function envelope(
  codigo: ErrorEnvelope['codigo'],
  mensaje: string,
  errores?: ErrorEnvelope['errores'],
): ErrorEnvelope {
  return errores && errores.length > 0
    ? { status: 2, codigo, mensaje, errores }
    : { status: 2, codigo, mensaje };
}

/** Every failure leaves as the Spanish envelope; nothing internal (stack, SQL) ever leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(envelope(error.codigo, error.mensaje, error.errores));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errores = error.validation.map((v) => ({
        campo: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(cuerpo)',
        mensaje: v.message ?? mensajes.campoInvalido,
      }));
      const first = errores[0]?.mensaje ?? mensajes.cuerpoInvalido;
      return reply.status(400).send(envelope(codigosError.generico, first, errores));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(envelope(codigosError.generico, mensajes.demasiadosIntentos));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(envelope(codigosError.generico, mensajes.cuerpoDemasiadoGrande));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
    ) {
      return reply
        .status(error.statusCode ?? 415)
        .send(envelope(codigosError.generico, mensajes.cuerpoInvalido));
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError ||
      error.code?.startsWith('FST_ERR_CTP')
    ) {
      return reply.status(400).send(envelope(codigosError.generico, mensajes.jsonInvalido));
    }
    if (error.validation) {
      return reply.status(400).send(envelope(codigosError.generico, mensajes.cuerpoInvalido));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(envelope(codigosError.generico, mensajes.cuerpoInvalido));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(codigosError.noControlado, mensajes.errorGenerico));
  });
}
