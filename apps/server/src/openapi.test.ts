import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etiquetasModulo, impliedErrors } from './platform/http/openapi.js';
import { standalone } from './test/contract.js';
import { createUser, type TestUser } from './test/factories.js';
import { buildTestApp, engines, type TestApp } from './test/helpers.js';

/**
 * The route walk: every route of Fastify's route table (`app.routeTable`, not a hand-kept list) is an
 * operation of the OpenAPI document with its security, its module's tag, a Spanish summary, its
 * success schema and every error status it can answer (with the shared envelope), or a route the
 * document hides on purpose (listed below). The contract test (test/contract.ts) then checks every
 * answer the API suites receive against this document.
 */

/** Routes the document leaves out, and why. */
const ocultas: Record<string, string> = {
  'GET /sv/docs': 'Swagger UI',
  'GET /sv/docs/static/index.html': 'Swagger UI',
  'GET /sv/docs/static/swagger-initializer.js': 'Swagger UI',
  'GET /sv/docs/json': 'el documento mismo',
  'GET /sv/docs/yaml': 'el documento mismo',
  'GET /sv/docs/static/*': 'Swagger UI',
  'GET /*': 'la aplicación web',
  'POST /sv/mqtt/auth': 'el gancho del broker MQTT externo (docs/deploy.md)',
  'POST /sv/mqtt/superuser': 'el gancho del broker MQTT externo',
  'POST /sv/mqtt/acl': 'el gancho del broker MQTT externo',
  'POST /sv/mqtt/evento': 'el gancho del broker MQTT externo',
  'POST /sv/telegram/webhook': 'el webhook del bot de Telegram',
};

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

/** `/sv/api/equipo/:id(^\d+$)` → `/sv/api/equipo/{id}`, as the document names paths. */
const docPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

describe.each(engines)('the OpenAPI document and the route table (%s)', (engine) => {
  let t: TestApp;
  let doc: Document;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { METRICS_TOKEN: 'm' } });
    user = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/sv/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  const operations = () =>
    t.app.routeTable
      .filter((r) => !(`${r.method} ${r.url}` in ocultas))
      .map((r) => ({
        entry: r,
        key: `${r.method} ${r.url}`,
        op: doc.paths[docPath(r.url)]?.[r.method.toLowerCase()],
      }));

  it('is OpenAPI 3.1 with one error envelope and the security schemes of every kind of caller', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['status', 'codigo', 'mensaje']),
    });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(
      ['firmaWebhook', 'secretoEquipo', 'sesion', 'tokenApi', 'tokenMetricas'].sort(),
    );
  });

  it('hides only the routes listed, each for a reason (some exist only with their configuration)', () => {
    const hidden = t.app.routeTable.filter((r) => r.hidden).map((r) => `${r.method} ${r.url}`);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((r) => !(r in ocultas))).toEqual([]);
  });

  it('documents every other route, declaring who may call it', () => {
    const problems: string[] = [];
    for (const { entry, key, op } of operations()) {
      if (!op) problems.push(`${key}: falta en el documento`);
      else if (!entry.acceso) problems.push(`${key}: sin config.acceso`);
      else if (!op.security) problems.push(`${key}: sin security`);
    }
    expect(problems).toEqual([]);
  });

  it("gives each operation its module's tag, a Spanish summary and a unique operationId", () => {
    const tags = new Set<string>(Object.values(etiquetasModulo).map((e) => e.name));
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { key, op } of operations()) {
      if (!op) continue;
      if (op.tags?.length !== 1 || !tags.has(op.tags[0] ?? '')) problems.push(`${key}: etiqueta ${op.tags}`);
      if (!op.summary || op.summary.length < 10) problems.push(`${key}: sin resumen`);
      if (!op.operationId) problems.push(`${key}: sin operationId`);
      else if (ids.has(op.operationId))
        problems.push(`${key}: operationId repetido con ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, key);
    }
    expect(problems).toEqual([]);
  });

  it('documents every status an operation can answer: its success schema and each error with the envelope', () => {
    const problems: string[] = [];
    for (const { entry, key, op } of operations()) {
      if (!op) continue;
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) problems.push(`${key}: sin respuesta 2xx`);
      for (const [status, answer] of success) {
        const schema = answer.content && Object.values(answer.content)[0]?.schema;
        if (!schema || Object.keys(schema).length === 0) problems.push(`${key}: ${status} sin esquema`);
      }
      for (const status of impliedErrors(entry.route)) {
        const answer = op.responses[String(status)];
        const schema = answer?.content?.['application/json']?.schema;
        if (!schema) problems.push(`${key}: falta ${status}`);
        else if (
          schema.$ref !== '#/components/schemas/ErrorEnvelope' &&
          !JSON.stringify(schema).includes('"status"')
        )
          problems.push(`${key}: ${status} sin el envoltorio de error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares Retry-After on the 429 of every operation a personal API token may call', () => {
    const problems: string[] = [];
    for (const { key, op } of operations()) {
      const tokenScopes = op?.security?.some((s) => 'tokenApi' in s);
      const throttled = op?.responses['429'] as { headers?: Record<string, unknown> } | undefined;
      if (tokenScopes && !throttled?.headers?.['Retry-After']) problems.push(`${key}: 429 sin Retry-After`);
      if (!tokenScopes && throttled?.headers) problems.push(`${key}: Retry-After sin token de API`);
    }
    expect(problems).toEqual([]);
  });

  /** The request schema of an operation as Ajv sees it, with the document's components. */
  const requestValidator = (method: string, path: string) => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${path} sin cuerpo documentado`);
    return ajv.compile(standalone(schema, doc.components.schemas));
  };

  it('leaves no request field untyped, except the few that take anything on purpose', () => {
    // A device's value may be any content; a provider's notification is verified by its signature.
    const libres = new Set([
      'post /sv/dispositivo/{apikey}/{nombreNexo}',
      'post /sv/ventas/webhook/mercadopago',
      'post /sv/ventas/webhook/paypal',
      'post /sv/api/ventas/sandbox/card_tokens',
    ]);
    const untyped: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (Object.keys(node).length === 0 || (Object.keys(node).length === 1 && 'description' in node)) {
        untyped.push(where);
        return;
      }
      for (const [name, child] of Object.entries((node.properties as Record<string, unknown>) ?? {}))
        walk(child, `${where}.${name}`);
      if (node.items) walk(node.items, `${where}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const [i, child] of ((node[key] as unknown[]) ?? []).entries()) walk(child, `${where}|${i}`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (libres.has(`${method} ${path}`)) continue;
        const body = op.requestBody?.content['application/json']?.schema;
        if (body) walk(body, `${method} ${path} cuerpo`);
        for (const param of op.parameters ?? [])
          walk(param.schema, `${method} ${path} ${param.in}:${param.name}`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('states in the document what the validation checks in refinements: enums, formats, conditional fields', () => {
    const login = requestValidator('post', '/sv/api/login');
    expect(login({})).toBe(false);
    expect(login({ username: 'ana', password: 'x' })).toBe(false);
    expect(login({ username: 'ana', password: 'x', captcha: 'c' })).toBe(true);
    expect(login({ gTokenId: 'g' })).toBe(true);
    const refresh = requestValidator('post', '/sv/oauth/access_token');
    // The web app sends no refresh_token: its token is the HttpOnly cookie (an empty one is still refused).
    expect(refresh({ grant_type: 'refresh_token' })).toBe(true);
    expect(refresh({ grant_type: 'refresh_token', refresh_token: '' })).toBe(false);
    expect(refresh({ grant_type: 'refresh_token', refresh_token: 'r' })).toBe(true);

    const historial = requestValidator('post', '/sv/api/sensor/historial');
    expect(historial({ idSensor: 1, tipo: 4 })).toBe(false);
    expect(historial({ idSensor: 1, tipo: 5, fechaDesde: '01/02/2026', fechaHasta: '03/02/2026' })).toBe(
      true,
    );
    expect(historial({ idSensor: 1, tipo: 1, fechaDesde: '2026-02-01' })).toBe(false);
    for (const path of ['/sv/api/sensor/grafico', '/sv/api/sensor/ruta', '/sv/api/sensor/exportarCsv']) {
      const schema = JSON.stringify(doc.paths[path]?.post?.requestBody);
      expect(schema, path).toContain('"enum":[1,2,3,5]');
    }
    expect(requestValidator('post', '/sv/api/toogleFavorito')({ id: 1, tipo: 3 })).toBe(false);
    expect(
      requestValidator(
        'post',
        '/sv/api/programas/tarea/grabarAccion',
      )({ idTarea: 1, idPrograma: 1, tipoAccion: 9, acciones: [] }),
    ).toBe(false);

    const codigo = requestValidator('post', '/sv/usuario/enviarCodigoRegistracion');
    expect(codigo({ mail: 'no-es-un-correo' })).toBe(false);
    expect(codigo({ mail: 'ana@example.com' })).toBe(true);

    const compra = requestValidator('post', '/sv/api/ventas/generarCompra');
    const carrito = [{ producto: { id: 1 }, cantidad: 1 }];
    expect(compra({ carrito, medioPago: { id: 3 }, tipoEnvio: { id: 1 } })).toBe(false);
    expect(
      compra({ carrito, medioPago: { id: 3 }, tipoEnvio: { id: 1 }, direccionEnvio: 'Belgrano 123' }),
    ).toBe(true);
    expect(compra({ carrito, medioPago: { id: 3 }, tipoEnvio: { id: 2 } })).toBe(true);
    expect(compra({ carrito, medioPago: { id: 9 }, tipoEnvio: { id: 2 } })).toBe(false);
    expect(compra({ carrito, medioPago: { id: 3 }, tipoEnvio: { id: 2 }, otro: 1 })).toBe(false);

    const evento = requestValidator('post', '/sv/api/eventos/grabar');
    const acciones = [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 5 }];
    expect(evento({ nombre: 'Helada', tipoEvento: { id: 1 }, acciones })).toBe(false);
    expect(
      evento({
        nombre: 'Helada',
        tipoEvento: { id: 1 },
        sensor: { id: 1 },
        condicion: { id: 2 },
        valor: '0',
        acciones,
      }),
    ).toBe(true);
    expect(evento({ nombre: 'Riego', tipoEvento: { id: 2 }, acciones })).toBe(false);
    expect(evento({ nombre: 'Riego', tipoEvento: { id: 2 }, periodo: { id: 1 }, hora: 6, acciones })).toBe(
      true,
    );
    expect(evento({ nombre: 'Riego', tipoEvento: { id: 2 }, periodo: { id: 3 }, hora: 6, acciones })).toBe(
      false,
    );
  });

  it('constrains ids in paths to integers in the route itself, and documents them as integers', () => {
    const problems: string[] = [];
    for (const { entry, key, op } of operations()) {
      for (const match of entry.url.matchAll(/:(\w+)(\([^)]*\))?/g)) {
        const [, name = '', constraint] = match;
        if (/^id/i.test(name) && constraint !== '(^\\d+$)')
          problems.push(`${key}: :${name} sin restricción entera`);
        const param = op?.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (/^id/i.test(name) && param?.schema.type !== 'integer')
          problems.push(`${key}: {${name}} no es integer`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a method a path does not support with 405 and Allow, never 404', async () => {
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/sv/api/admin/catalogo/plan' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('POST');
    expect(trace.json()).toMatchObject({ status: 2, mensaje: expect.stringContaining('Allow') });
    const del = await t.app.inject({ method: 'DELETE', url: '/sv/api/equipo/pu', headers: user.auth });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    const both = await t.app.inject({ method: 'PUT', url: '/sv/api/sensor/exportarCsv' });
    expect(both.headers.allow).toBe('GET, HEAD, POST');
    expect((await t.app.inject({ method: 'GET', url: '/sv/api/no-existe' })).statusCode).toBe(404);
  });

  it('never lets a parameter route capture a literal path: GET on a POST-only path is 405, not "id inválido"', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sv/api/equipo/actualizarEquipoUs',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    const grabar = await t.app.inject({ method: 'GET', url: '/sv/api/equipo/grabar', headers: user.auth });
    expect(grabar.statusCode).toBe(405);
    // An id that is not an integer matches no route at all.
    const letters = await t.app.inject({
      method: 'GET',
      url: '/sv/api/grupo/equipo/abc',
      headers: user.auth,
    });
    expect(letters.statusCode).toBe(404);
    const number = await t.app.inject({ method: 'GET', url: '/sv/api/equipo/999999', headers: user.auth });
    expect(number.statusCode).toBe(404);
    expect(number.json().mensaje).not.toContain('inválido');
  });
});
