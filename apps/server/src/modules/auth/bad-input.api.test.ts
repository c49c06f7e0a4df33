import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

const publicPosts = [
  '/sv/usuario/enviarCodigoRegistracion',
  '/sv/usuario/registrar',
  '/sv/usuario/chequearMailExiste',
  '/sv/usuario/chequearUsuarioExiste',
  '/sv/usuario/activarCuenta',
  '/sv/usuario/reenviarActivacion',
  '/sv/usuario/recuperarPassword',
  '/sv/usuario/cambiarPassword',
  '/sv/api/login',
  '/sv/oauth/access_token',
];
const securedPosts = ['/sv/api/usuario/actualizar', '/sv/api/usuario/cambiarPassword'];

describe.each(engines)('accounts: malformed input (%s)', (engine) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const bodies: Array<[string, string | undefined, string]> = [
    ['no body', undefined, 'application/json'],
    ['an empty object', '{}', 'application/json'],
    [
      'wrong types',
      '{"mail":5,"username":[],"password":{},"captcha":1,"grant_type":3,"codigo":true,"codigoMail":1,"nombre":null}',
      'application/json',
    ],
    ['broken JSON', '{"mail":', 'application/json'],
    ['an array', '[1,2]', 'application/json'],
  ];

  for (const url of [...publicPosts, ...securedPosts]) {
    it.each(bodies)(
      `${url} answers %s with 400 and the Spanish envelope`,
      async (_name, payload, contentType) => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': contentType }),
            ...(securedPosts.includes(url) ? user.auth : {}),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.status).toBe(2);
        expect(body.codigo).toBeDefined();
        expect(typeof body.mensaje).toBe('string');
        expect(body.mensaje).not.toMatch(/Invalid input|expected|received|Error:|at /);
        expect(JSON.stringify(body)).not.toMatch(/stack|SQL|node_modules/i);
      },
    );
  }
});
