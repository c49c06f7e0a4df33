import { OkSchema } from '@nexo/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpApp } from '../platform/context.js';
import { acceso } from '../platform/http/access.js';
import { registerErrorHandler } from '../platform/http/error-handler.js';
import { registerOpenApi, tag } from '../platform/http/openapi.js';
import { checkAnswersAgainstDocument } from './contract.js';

/** The contract check itself: it must catch an answer that breaks the document. */
describe('the contract check of the test app', () => {
  async function appWith(answer: unknown, status = 200) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>() as unknown as HttpApp;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerErrorHandler(app);
    await registerOpenApi(app, { version: 'test' });
    app.post(
      '/sv/api/prueba',
      {
        ...acceso('publico', [404]),
        schema: {
          tags: tag('equipos'),
          summary: 'Una ruta de prueba',
          body: z.object({ n: z.number() }),
          response: { 200: OkSchema.extend({ valor: z.string() }) },
        },
      },
      async (_request, reply) => reply.code(status as 200).send(answer as { status: 1; valor: string }),
    );
    const contract = checkAnswersAgainstDocument(app);
    await app.ready();
    return { app, contract };
  }

  it('accepts an answer that matches its documented schema, and an error in the envelope', async () => {
    const { app, contract } = await appWith({ status: 1, valor: 'x' });
    expect((await app.inject({ method: 'POST', url: '/sv/api/prueba', payload: { n: 1 } })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'POST', url: '/sv/api/prueba', payload: { n: 'x' } })).statusCode,
    ).toBe(400);
    expect(contract.violations).toEqual([]);
    expect(contract.checked()).toBe(2);
    await app.close();
  });

  it('reports a field the schema does not have, a missing one, and an undocumented status', async () => {
    const extra = await appWith({ status: 1, valor: 'x', secreto: 'no' });
    await extra.app.inject({ method: 'POST', url: '/sv/api/prueba', payload: { n: 1 } });
    expect(extra.contract.violations).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);

    const missing = await appWith({ status: 1 });
    await missing.app.inject({ method: 'POST', url: '/sv/api/prueba', payload: { n: 1 } });
    expect(missing.contract.violations).toEqual([expect.stringContaining('valor')]);

    const conflict = await appWith({ status: 2, codigo: 1, mensaje: 'Conflicto' }, 409);
    await conflict.app.inject({ method: 'POST', url: '/sv/api/prueba', payload: { n: 1 } });
    expect(conflict.contract.violations).toEqual([expect.stringContaining('409: estado no documentado')]);
    await Promise.all([extra.app.close(), missing.app.close(), conflict.app.close()]);
  });
});
