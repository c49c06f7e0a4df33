import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completar, estadosCompra, mensajes, rolesUsuario } from '@nexo/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createDb, type Db } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createMemoryMailer,
  engines,
  jsonRequests,
  type TestApp,
  testConfig,
  useTestApp,
} from '../../test/helpers.js';
import { signMercadoPago } from './gateways/mercadopago.signature.js';
import { reservationJob } from './shop.checkout.js';

type Compra = {
  id: number;
  totalCompra: number;
  estadoCompra: { id: number };
  reservadaHasta: number | null;
  logs: Array<{ descripcion: string }>;
  instruccionesPago: {
    referencia: string;
    monto: number;
    transferencia: { cbu: string | null; alias: string | null; titular: string } | null;
    local: { direccion: string; horario: string } | null;
  } | null;
};

async function product(t: Pick<TestApp, 'db'>, stock: number, valor = 1000): Promise<number> {
  const row = await t.db
    .insertInto('products')
    .values({
      nombre: `Producto ${randomBytes(3).toString('hex')}`,
      descripcion: '',
      modelo: 'M1',
      categoria_id: 1,
      valor,
      stock,
      activo: 1,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function stockOf(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.stock);
}

const configBody = {
  transferencia: {
    titular: 'Tienda Prueba SA',
    banco: 'Banco Prueba',
    cbu: '2850590940090418135201',
    alias: 'PRUEBA.TIENDA',
    iban: '',
    swift: '',
    cuit: '30-11111111-1',
  },
  local: { direccion: 'San Martín 100, Rosario', horario: 'Lunes a viernes de 9 a 18' },
  reservaHoras: 48,
  maxComprasImpagas: 2,
};

describe.each(engines)('checkout without payment details (%s)', (engine) => {
  const t = useTestApp(engine, { shopPaymentDetails: false });
  const { post, get } = jsonRequests(t);

  it('offers neither transfer nor the shop until the admin keeps their details, and refuses them', async () => {
    const buyer = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const medios = (await get('/sv/ventas/traerMediosPago')).json().mediosPago as Array<{ id: number }>;
    expect(medios.map((m) => m.id)).toEqual([2]);
    const id = await product(t, 5);
    const compra = await post('/sv/api/ventas/generarCompra', buyer.auth, {
      carrito: [{ producto: { id }, cantidad: 1 }],
      medioPago: { id: 3 },
      tipoEnvio: { id: 2 },
    });
    expect(compra.statusCode).toBe(400);
    expect(compra.json().mensaje).toBe(mensajes.transferenciaNoHabilitada);
    expect(await stockOf(t.db, id)).toBe(5);
    const licencia = await post('/sv/api/ventas/grabarSuscripcion', buyer.auth, {
      id: 4,
      cantidadMeses: 1,
      medioPago: { id: 1 },
    });
    expect(licencia.statusCode).toBe(400);
    expect(licencia.json().mensaje).toBe(mensajes.pagoLocalNoHabilitado);

    // The admin's tab: a transfer needs a destination; then both means are offered.
    expect((await get('/sv/api/admin/ventas/configTienda', buyer.auth)).statusCode).toBe(403);
    const empty = (await get('/sv/api/admin/ventas/configTienda', admin.auth)).json().config;
    expect(empty).toEqual({ transferencia: null, local: null, reservaHoras: 72, maxComprasImpagas: 3 });
    const incomplete = await post('/sv/api/admin/ventas/configTienda', admin.auth, {
      ...configBody,
      transferencia: { ...configBody.transferencia, cbu: '', alias: '' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().mensaje).toBe(mensajes.datosTransferenciaIncompletos);
    const saved = await post('/sv/api/admin/ventas/configTienda', admin.auth, configBody);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().config.transferencia).toMatchObject({ cbu: '2850590940090418135201', iban: null });
    const now = (await get('/sv/ventas/traerMediosPago')).json().mediosPago as Array<{ id: number }>;
    expect(now.map((m) => m.id)).toEqual([1, 2, 3]);
  });
});

describe.each(engines)('checkout by transfer, reservations and the account cart (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const saved = await post('/sv/api/admin/ventas/configTienda', admin.auth, configBody);
    expect(saved.statusCode).toBe(200);
  });

  it('tells the buyer how to pay: details, exact amount, reference, in the answer, the list and a mail', async () => {
    const buyer = await createUser(t);
    const id = await product(t, 10, 1500);
    const before = Date.now();
    const res = await post('/sv/api/ventas/generarCompra', buyer.auth, {
      carrito: [{ producto: { id }, cantidad: 2 }],
      medioPago: { id: 3 },
      tipoEnvio: { id: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const compra = res.json().compra as Compra;
    expect(compra.instruccionesPago).toMatchObject({
      referencia: `Compra #${compra.id}`,
      monto: 3000,
      transferencia: { cbu: '2850590940090418135201', alias: 'PRUEBA.TIENDA', titular: 'Tienda Prueba SA' },
      local: null,
    });
    // Held for the admin's 48 h.
    expect(compra.reservadaHasta).toBeGreaterThanOrEqual(before + 48 * 3_600_000);
    expect(compra.reservadaHasta).toBeLessThan(Date.now() + 48 * 3_600_000 + 1);
    const mias = (await get('/sv/api/ventas/traerMisCompras', buyer.auth)).json().compras as Compra[];
    expect(mias[0]?.instruccionesPago?.transferencia?.cbu).toBe('2850590940090418135201');
    const mail = t.mailer.sent.find((m) => m.to === `${buyer.username}@test.local`);
    expect(mail?.subject).toBe(completar(mensajes.compraConfirmadaAsunto, { id: compra.id }));
    expect(mail?.text).toContain('CBU/CVU: 2850590940090418135201');
    expect(mail?.text).toContain('Importe exacto: $3.000');
    expect(mail?.text).toContain(`Compra #${compra.id}`);

    // Paid: the details are no longer shown.
    await post('/sv/api/admin/ventas/confirmarPago', admin.auth, { id: compra.id });
    const paid = (await get('/sv/api/ventas/traerMisCompras', buyer.auth)).json().compras as Compra[];
    expect(paid[0]?.instruccionesPago).toBeNull();
    expect(paid[0]?.reservadaHasta).toBeNull();

    // At the shop: address and hours, for a licence too.
    const licencia = await post('/sv/api/ventas/grabarSuscripcion', buyer.auth, {
      id: 4,
      cantidadMeses: 1,
      medioPago: { id: 1 },
    });
    expect(licencia.statusCode, licencia.body).toBe(200);
    expect((licencia.json().compra as Compra).instruccionesPago).toMatchObject({
      local: { direccion: 'San Martín 100, Rosario' },
      transferencia: null,
    });
  });

  it('refuses a purchase past the unpaid limit, reserving nothing; the stock error names the cart line', async () => {
    const buyer = await createUser(t);
    const id = await product(t, 10);
    const other = await product(t, 1);
    const buy = (cantidad = 1, producto = id) =>
      post('/sv/api/ventas/generarCompra', buyer.auth, {
        carrito: [{ producto: { id: producto }, cantidad }],
        medioPago: { id: 1 },
        tipoEnvio: { id: 2 },
      });
    const stock = await post('/sv/api/ventas/generarCompra', buyer.auth, {
      carrito: [
        { producto: { id }, cantidad: 1 },
        { producto: { id: other }, cantidad: 3 },
      ],
      medioPago: { id: 1 },
      tipoEnvio: { id: 2 },
    });
    expect(stock.statusCode).toBe(409);
    expect(stock.json().errores).toEqual([
      { campo: 'carrito.1.cantidad', mensaje: completar(mensajes.stockSuperado, { n: 1 }) },
    ]);
    expect(stock.json().mensaje).toMatch(/^Línea 2 \(Producto [0-9a-f]+\): no puede superar/);
    expect((await buy()).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
    const third = await buy();
    expect(third.statusCode).toBe(409);
    expect(third.json().mensaje).toBe(completar(mensajes.comprasImpagasMaximo, { n: 2 }));
    expect(await stockOf(t.db, id)).toBe(8);
  });

  it('holds the unpaid limit when one buyer sends several purchases at once', async () => {
    const buyer = await createUser(t);
    const id = await product(t, 10);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/sv/api/ventas/generarCompra', buyer.auth, {
          carrito: [{ producto: { id }, cantidad: 1 }],
          medioPago: { id: 1 },
          tipoEnvio: { id: 2 },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().mensaje).toBe(completar(mensajes.comprasImpagasMaximo, { n: 2 }));
    expect(await stockOf(t.db, id)).toBe(8);
  });

  it('answers a PayPal subscription or a payment the sandbox does not know with a 4xx or ignores it, never a 5xx', async () => {
    const buyer = await createUser(t, { plan: 'ninguno' });
    const unknown = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', buyer.auth, {
      idSuscripcion: 4,
      cantidadMeses: 1,
      subscriptionID: 'I-NO-EXISTE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().mensaje).toBe(mensajes.paypalSuscripcionInexistente);
    const secret = t.app.ctx.config.payments.sandboxSecret;
    const requestId = 'r-desconocido';
    const hook = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago?data.id=424242&type=payment',
      headers: {
        'x-signature': signMercadoPago({ dataId: '424242', requestId, ts: Date.now(), secret }),
        'x-request-id': requestId,
      },
      payload: { type: 'payment', data: { id: '424242' } },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().resultado).toBe('ignored');
  });

  it('refuses extra fields inside producto', async () => {
    const buyer = await createUser(t);
    const id = await product(t, 10);
    const res = await post('/sv/api/ventas/generarCompra', buyer.auth, {
      carrito: [{ producto: { id, valor: 1 }, cantidad: 1 }],
      medioPago: { id: 1 },
      tipoEnvio: { id: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(await stockOf(t.db, id)).toBe(10);
  });

  it('cancels an unpaid purchase when its reservation ends: reason, stock back, buyer told, once', async () => {
    const buyer = await createUser(t);
    const id = await product(t, 4);
    const compra = (
      await post('/sv/api/ventas/generarCompra', buyer.auth, {
        carrito: [{ producto: { id }, cantidad: 3 }],
        medioPago: { id: 3 },
        tipoEnvio: { id: 2 },
      })
    ).json().compra as Compra;
    expect(await stockOf(t.db, id)).toBe(1);
    const due = await t.app.modules.scheduler.dueAt(t.db, reservationJob, compra.id);
    expect(due).toBe(compra.reservadaHasta);
    // Time passes: the reservation and its timer are due now.
    await t.db
      .updateTable('purchases')
      .set({ reservada_hasta: Date.now() - 1 })
      .where('id', '=', compra.id)
      .execute();
    await t.app.modules.scheduler.schedule(t.db, reservationJob, compra.id, Date.now() - 1);
    await t.app.modules.scheduler.runDue();
    await t.app.modules.scheduler.runDue();
    const after = (await get('/sv/api/ventas/traerMisCompras', buyer.auth)).json().compras as Compra[];
    const mine = after.find((c) => c.id === compra.id);
    expect(mine?.estadoCompra.id).toBe(estadosCompra.cancelada);
    expect(
      mine?.logs.filter((l) => l.descripcion.startsWith('Cancelada: no se recibió el pago')),
    ).toHaveLength(1);
    expect(await stockOf(t.db, id)).toBe(4);
    const notes = await t.db
      .selectFrom('notifications')
      .select('titulo')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(notes.map((n) => n.titulo)).toContain(
      completar(mensajes.compraVencidaNotificacion, { id: compra.id }),
    );
    expect(await t.app.modules.scheduler.dueAt(t.db, reservationJob, compra.id)).toBeNull();
  });

  it('keeps the cart on the account and merges an anonymous cart capped by stock', async () => {
    const buyer = await createUser(t);
    const a = await product(t, 5);
    const b = await product(t, 2);
    const saved = await post('/sv/api/ventas/carrito', buyer.auth, {
      carrito: [
        { producto: { id: a }, cantidad: 2 },
        { producto: { id: b }, cantidad: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await get('/sv/api/ventas/carrito', buyer.auth)).json();
    expect(
      read.carrito.map((l: { producto: { id: number }; cantidad: number }) => [l.producto.id, l.cantidad]),
    ).toEqual([
      [a, 2],
      [b, 1],
    ]);
    const merged = (
      await post('/sv/api/ventas/carrito/fusionar', buyer.auth, {
        carrito: [
          { producto: { id: b }, cantidad: 4 },
          { producto: { id: a }, cantidad: 1 },
        ],
      })
    ).json();
    expect(
      merged.carrito.map((l: { producto: { id: number }; cantidad: number }) => [l.producto.id, l.cantidad]),
    ).toEqual([
      [a, 3],
      [b, 2],
    ]);
    expect(merged.avisos).toHaveLength(1);
    expect(merged.avisos[0]).toContain('quedan 2 en stock');
    // Bought: those lines leave the cart.
    await post('/sv/api/ventas/generarCompra', buyer.auth, {
      carrito: [{ producto: { id: a }, cantidad: 3 }],
      medioPago: { id: 1 },
      tipoEnvio: { id: 2 },
    });
    const left = (await get('/sv/api/ventas/carrito', buyer.auth)).json().carrito;
    expect(left.map((l: { producto: { id: number } }) => l.producto.id)).toEqual([b]);
    expect((await get('/sv/api/ventas/carrito')).statusCode).toBe(401);
  });
});

/** A purchase's reservation on the durable scheduler: survives a restart, runs once with two instances. */
describe('reservation expiry across restarts and instances', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const apps: App[] = [];

  async function instance(db: Db): Promise<App> {
    const app = await buildApp(testConfig(), {
      db,
      mailer: createMemoryMailer(),
      log: pino({ level: 'silent' }),
      seedDemo: false,
    });
    await app.ready();
    await app.modules.shop.shop.seedDemoPaymentDetails();
    apps.push(app);
    return app;
  }

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
  });

  async function unpaidPurchase(app: App, db: Db) {
    const t = { app, db, engine: 'sqlite' as const, mailer: createMemoryMailer(), close: async () => {} };
    const buyer = await createUser(t);
    const id = await product(t, 3);
    const res = await app.inject({
      method: 'POST',
      url: '/sv/api/ventas/generarCompra',
      headers: buyer.auth,
      payload: { carrito: [{ producto: { id }, cantidad: 2 }], medioPago: { id: 3 }, tipoEnvio: { id: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { compraId: (res.json().compra as Compra).id, productId: id };
  }

  async function makeDue(db: Db, compraId: number) {
    await db
      .updateTable('purchases')
      .set({ reservada_hasta: Date.now() - 1 })
      .where('id', '=', compraId)
      .execute();
    await db
      .updateTable('scheduled_jobs')
      .set({ due_at: Date.now() - 1 })
      .where('kind', '=', reservationJob)
      .where('ref_id', '=', compraId)
      .execute();
  }

  it('survives a restart (SQLite file)', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'nexo-reserva-')), 'nexo.db');
    const first = createDb({ sqliteFile: file });
    await migrateToLatest(first);
    const app = await instance(first);
    const { compraId, productId } = await unpaidPurchase(app, first);
    await app.close();
    await first.destroy();

    const db = createDb({ sqliteFile: file });
    await makeDue(db, compraId);
    const again = await instance(db);
    await again.modules.scheduler.runDue();
    const row = await db
      .selectFrom('purchases')
      .select('estado_id')
      .where('id', '=', compraId)
      .executeTakeFirstOrThrow();
    expect(Number(row.estado_id)).toBe(estadosCompra.cancelada);
    expect(await stockOf(db, productId)).toBe(3);
    await again.close();
    await db.destroy();
  });

  it.runIf(databaseUrl)('runs once with two instances on one PostgreSQL schema', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = createDb({ databaseUrl: databaseUrl ?? '', poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const dbs = [0, 1].map(() => createDb({ databaseUrl: databaseUrl ?? '', pgSchema: schema, poolSize: 4 }));
    try {
      const [dbA, dbB] = dbs as [Db, Db];
      await migrateToLatest(dbA);
      const a = await instance(dbA);
      const b = await instance(dbB);
      const { compraId, productId } = await unpaidPurchase(a, dbA);
      await makeDue(dbA, compraId);
      await Promise.all([
        a.modules.scheduler.runDue(),
        b.modules.scheduler.runDue(),
        a.modules.scheduler.runDue(),
      ]);
      const logs = await dbA
        .selectFrom('purchase_logs')
        .select('descripcion')
        .where('purchase_id', '=', compraId)
        .execute();
      expect(logs.filter((l) => l.descripcion.startsWith('Cancelada:'))).toHaveLength(1);
      expect(await stockOf(dbA, productId)).toBe(3);
      const notes = await dbA
        .selectFrom('notifications')
        .select('titulo')
        .where('id_ref', '=', compraId)
        .execute();
      expect(notes).toHaveLength(1);
      await a.close();
      await b.close();
    } finally {
      for (const db of dbs) await db.destroy().catch(() => {});
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    }
  });
});
