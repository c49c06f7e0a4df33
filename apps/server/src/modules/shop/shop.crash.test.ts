import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { seedReference } from '../../platform/db/seed-reference.js';
import { AccessTokens } from '../../platform/security/access-token.js';
import { insertFixtureUser, startServerProcess, stopServerProcess } from '../../test/server-process.js';
import { demoShopSettings, fromConfigTienda } from './shop.settings.js';

const secret = 'crash-secret-0123456789-0123456789-012345';
const startServer = (dataDir: string) => startServerProcess(dataDir, { env: { JWT_SECRET: secret } });

/**
 * kill -9 in the middle of purchases: cart purchases taking stock and licence purchases paid by
 * card in the sandbox are in flight when the server dies. After the restart every purchase is whole:
 * stock taken equals the units of live purchases, no payment without its purchase having moved, no
 * licence token without a payment, no activated licence without its token.
 */
describe('purchases across kill -9', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('leaves every purchase consistent when the server dies mid-purchase', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-crash-'));
    const file = path.join(dataDir, 'nexo.db');
    const setup = createDb({ sqliteFile: file });
    await migrateToLatest(setup);
    await seedReference(setup);
    // Transfer is offered (its details are kept), and each buyer may leave ten purchases unpaid.
    await setup
      .insertInto('shop_settings')
      .values({
        id: 1,
        ...fromConfigTienda({ ...demoShopSettings, maxComprasImpagas: 50 }),
        updated_at: Date.now(),
      })
      .execute();
    const buyers = [];
    for (let i = 0; i < 4; i++) buyers.push(await insertFixtureUser(setup, `comprador${i}`));
    await setup.destroy();

    const first = await startServer(dataDir);
    children.push(first.child);
    const base = `http://127.0.0.1:${first.httpPort}`;
    const tokens = new AccessTokens(secret, 600);
    const auth = await Promise.all(
      buyers.map(
        async (userId, i) => `Bearer ${await tokens.sign({ userId, username: `comprador${i}`, roles: [] })}`,
      ),
    );
    const productos = (
      (await (await fetch(`${base}/sv/ventas/traerProductos`)).json()) as { productos: unknown }
    ).productos as Array<{
      id: number;
      stock: number;
    }>;
    const product = productos.find((p) => p.stock >= 10);
    if (!product) throw new Error('sin producto con stock');
    let answered = 0;
    const post = (url: string, authorization: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
        .then((res) => {
          answered += 1;
          return res.status;
        })
        .catch(() => 0);
    const cardToken = async (authorization: string) => {
      const res = await fetch(`${base}/sv/api/ventas/sandbox/card_tokens`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: '5031755734530604',
          expiration_month: 11,
          expiration_year: 2030,
          security_code: '123',
          cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
        }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const tokensCard = await Promise.all(auth.map((a) => cardToken(a)));

    // Purchases in flight: the server dies under them.
    const inFlight: Array<Promise<number>> = [];
    for (let round = 0; round < 10; round++) {
      auth.forEach((authorization, i) => {
        inFlight.push(
          post('/sv/api/ventas/generarCompra', authorization, {
            carrito: [{ producto: { id: product.id }, cantidad: 1 }],
            medioPago: { id: 3 },
            tipoEnvio: { id: 2 },
          }),
        );
        if (round === 0)
          inFlight.push(
            post('/sv/api/ventas/generarCompraSuscripcion', authorization, {
              idSuscripcion: 4,
              cantidadMeses: 1,
              pago: {
                token: tokensCard[i],
                paymentMethodId: 'master',
                installments: 1,
                email: 'c@test.local',
                docType: 'DNI',
                docNumber: '12345678',
              },
            }),
          );
      });
    }
    // Dies once a third of them were answered: some done, some half-way, some not started.
    const start = Date.now();
    while (answered < inFlight.length / 3 && Date.now() - start < 10_000)
      await new Promise((r) => setTimeout(r, 2));
    await stopServerProcess(first, 'SIGKILL');
    const statuses = await Promise.all(inFlight);

    const second = await startServer(dataDir);
    children.push(second.child);
    const check = createDb({ sqliteFile: file });
    try {
      const stock = await check
        .selectFrom('products')
        .select('stock')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      const units = await check
        .selectFrom('purchase_items as i')
        .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
        .select((eb) => eb.fn.sum<number>('i.cantidad').as('n'))
        .where('i.product_id', '=', product.id)
        .where('p.estado_id', '!=', 3)
        .executeTakeFirstOrThrow();
      expect(Number(stock.stock) + Number(units.n ?? 0)).toBe(product.stock);

      const purchases = await check.selectFrom('purchases').selectAll().execute();
      const items = await check.selectFrom('purchase_items').select('purchase_id').execute();
      const payments = await check.selectFrom('purchase_payments').select('purchase_id').execute();
      const tokensRows = await check
        .selectFrom('subscription_tokens')
        .select(['compra_id', 'user_id'])
        .where('compra_id', 'is not', null)
        .execute();
      for (const purchase of purchases)
        expect(items.some((i) => Number(i.purchase_id) === Number(purchase.id))).toBe(true);
      for (const payment of payments) {
        const purchase = purchases.find((p) => Number(p.id) === Number(payment.purchase_id));
        expect([2, 8]).toContain(Number(purchase?.estado_id));
      }
      for (const token of tokensRows)
        expect(payments.some((p) => Number(p.purchase_id) === Number(token.compra_id))).toBe(true);
      for (const purchase of purchases.filter((p) => Number(p.estado_id) === 8))
        expect(tokensRows.some((t) => Number(t.compra_id) === Number(purchase.id))).toBe(true);
      // Whatever the client saw answered 200 is in the database.
      expect(purchases.length).toBeGreaterThanOrEqual(statuses.filter((s) => s === 200).length);
      console.info(
        `kill -9 en compras: ${statuses.filter((s) => s === 200).length} respondidas, ${purchases.length} guardadas, ${payments.length} pagos`,
      );
    } finally {
      await check.destroy();
    }
    const mine = await fetch(`http://127.0.0.1:${second.httpPort}/sv/api/ventas/traerMisCompras`, {
      headers: { authorization: auth[0] ?? '' },
    });
    expect(mine.status).toBe(200);
    await stopServerProcess(second);
  }, 120_000);
});
