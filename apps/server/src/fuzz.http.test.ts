import { rolesUsuario } from '@nexo/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './test/factories.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

/**
 * Property-based fuzzing of every route (Fastify's route table): bodies and query strings of wrong
 * types, 1 MB strings, deep nesting, unicode, negative and huge numbers, sent by an admin with a
 * Full licence so every guard is passed. For every answer: never a 5xx; every refusal in the
 * envelope with a Spanish message; and a refused call changes no table.
 */
const tables = [
  'users',
  'user_roles',
  'folders',
  'devices',
  'device_users',
  'access_requests',
  'sensors',
  'shadows',
  'layouts',
  'readings',
  'collective_actions',
  'programs',
  'program_tasks',
  'events',
  'automation_actions',
  'views',
  'view_sensors',
  'consultas',
  'consulta_mensajes',
  'notifications',
  'push_subscriptions',
  'products',
  'purchases',
  'purchase_items',
  'purchase_payments',
  'purchase_logs',
  'purchase_devices',
  'subscription_tokens',
  'plans',
  'device_types',
  'audit_log',
  'api_tokens',
];

/** Words of zod's or Fastify's own English messages: none may reach a user. */
const english = /\b(invalid|expected|required|must|cannot|unexpected|received|string|number|object)\b/i;

const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

const fieldNames = [
  'id',
  'nombre',
  'mensaje',
  'cantidad',
  'carrito',
  'pago',
  'medioPago',
  'tipoEnvio',
  'idSuscripcion',
  'cantidadMeses',
  'valor',
  'sensor',
  'idSensor',
  'equipo',
  'equipoId',
  'username',
  'password',
  'mail',
  'estado',
  'layouts',
  'acciones',
  'tareas',
  'idTarea',
  'fechaDesde',
  'fechaHasta',
  'compra',
  'patron',
  'token',
  'tipoProblema',
  'esGratis',
  'bloqueado',
  'firmware',
  'sensores',
  'idRol',
  'idEquipo',
];

const weird = fc.oneof(
  fc.integer({ min: -1e15, max: 1e15 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e308),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    'x'.repeat(1_000_000),
    '\u0000\u0007',
    '👩‍👩‍👧‍👦'.repeat(20),
    '<script>alert(1)</script>',
    "' or 1=1 --",
  ),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.constant(deep(200)),
);

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), weird, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(deep(2000)),
  fc.constant({ id: { id: { id: -1 } } }),
);

const query = fc.dictionary(
  fc.constantFrom(
    'id',
    'texto',
    'todas',
    'categoria',
    'estado',
    'tipo',
    'objeto',
    'bin',
    'idSensor',
    'desde',
  ),
  fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer().map(String), fc.constant('1e999')),
  { maxKeys: 4 },
);

describe('fuzzing every route', () => {
  let t: TestApp;
  let admin: TestUser;
  const counts = async () =>
    (
      await sql<{
        n: number;
      }>`${sql.raw(tables.map((name) => `select count(*) as n from ${name}`).join(' union all '))}`.execute(
        t.db,
      )
    ).rows.map((row) => Number(row.n));

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    admin = await createUser(t, { plan: 'full', roles: [rolesUsuario.admin] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers malformed bodies and queries without a 5xx, in Spanish, and changes nothing when it refuses', async () => {
    const routes = t.app.routeTable.filter((r) => !r.url.startsWith('/sv/docs') && r.url !== '/*');
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const url = route.url
        .replace(':apikey', 'fuzz')
        .replace(':nombreNexo', 'estado')
        .replace(/:id\(.*?\)/, '1');
      await fc.assert(
        fc.asyncProperty(route.method === 'GET' ? query : body, async (input) => {
          const before = await counts();
          const target =
            route.method === 'GET'
              ? `${url}?${new URLSearchParams(input as Record<string, string>).toString()}`
              : url;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: target,
            headers: { ...admin.auth, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(input) }),
          });
          requests += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const envelope = res.json() as { status: number; mensaje: string };
            expect(envelope.status).toBe(2);
            expect(envelope.mensaje.length).toBeGreaterThan(0);
            expect(envelope.mensaje, `${route.method} ${route.url}`).not.toMatch(english);
            expect(await counts(), `${route.method} ${route.url} cambió datos al rechazar`).toEqual(before);
          }
        }),
        { numRuns: 25, seed: 20261126 },
      );
    }
    console.info(
      `fuzz: ${requests} pedidos a ${routes.length} rutas; estados ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(requests).toBeGreaterThan(routes.length * 10);
  }, 600_000);
});
