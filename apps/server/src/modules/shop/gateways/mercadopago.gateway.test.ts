import { estadosCompra } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { startFakeProvider } from '../../../test/fake-payment-providers.js';
import { buildTestApp, jsonRequests, type TestApp } from '../../../test/helpers.js';
import { createMercadoPagoGateway } from './mercadopago.gateway.js';
import { signMercadoPago } from './mercadopago.signature.js';

/**
 * The MercadoPago adapter (official SDK) against a local fake of MercadoPago's REST API: what it
 * sends (amount, currency, idempotency key, token, external reference) and how it reads answers.
 */
describe('MercadoPago adapter', () => {
  const payments = new Map<string, Record<string, unknown>>();
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;
  const secret = 'mp-webhook-secret-de-prueba';

  beforeAll(async () => {
    let sequence = 9000;
    fake = await startFakeProvider((request) => {
      if (request.method === 'POST' && request.path === '/v1/payments') {
        const body = request.body as Record<string, unknown>;
        sequence += 1;
        const approved = body.token !== 'tok-rechazado';
        const payment = {
          id: sequence,
          status: approved ? 'approved' : 'rejected',
          status_detail: approved ? 'accredited' : 'cc_rejected_insufficient_amount',
          external_reference: body.external_reference,
          transaction_amount: body.transaction_amount,
          currency_id: 'ARS',
          transaction_details: { net_received_amount: Number(body.transaction_amount) * 0.95 },
        };
        payments.set(String(sequence), payment);
        return { status: 201, body: payment };
      }
      const get = /^\/v1\/payments\/(\d+)$/.exec(request.path);
      if (request.method === 'GET' && get?.[1]) {
        const found = payments.get(get[1]);
        return found
          ? { body: found }
          : {
              status: 404,
              body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [] },
            };
      }
      if (request.method === 'POST' && request.path.replace(/\/$/, '') === '/preapproval') {
        const body = request.body as Record<string, unknown>;
        return {
          status: 201,
          body: { id: 'PRE-1', status: 'authorized', external_reference: body.external_reference },
        };
      }
      if (request.method === 'GET' && request.path === '/authorized_payments/AP-1') {
        const body = fake.requests.find((r) => r.path.startsWith('/preapproval'))?.body as {
          external_reference: string;
          auto_recurring: { transaction_amount: number };
        };
        sequence += 1;
        const payment = {
          id: sequence,
          status: 'approved',
          status_detail: 'accredited',
          external_reference: body.external_reference,
          transaction_amount: body.auto_recurring.transaction_amount,
          currency_id: 'ARS',
          transaction_details: { net_received_amount: body.auto_recurring.transaction_amount },
        };
        payments.set(String(sequence), payment);
        return {
          body: { id: 'AP-1', preapproval_id: 'PRE-1', payment: { id: sequence, status: 'approved' } },
        };
      }
      if (request.method === 'PUT' && request.path === '/preapproval/PRE-1') return { body: { id: 'PRE-1' } };
      if (request.method === 'POST' && request.path.replace(/\/$/, '') === '/checkout/preferences') {
        return { status: 201, body: { id: 'PREF-123', init_point: 'https://example/checkout' } };
      }
      return undefined;
    });
    t = await buildTestApp('sqlite', {
      env: {
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-token-vendedor',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-public',
        MERCADOPAGO_WEBHOOK_SECRET: secret,
        MERCADOPAGO_API_ROOT: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('charges a licence with the card token, the plan price, the purchase as reference and an idempotency key', async () => {
    const { post, get } = jsonRequests(t);
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({
      modoPrueba: true,
      mercadoPagoPublicKey: 'TEST-public',
    });
    const user = await createUser(t);
    const pago = {
      token: 'tok-1',
      paymentMethodId: 'visa',
      issuerId: '310',
      installments: 3,
      email: 'a@b.com',
      docType: 'DNI',
      docNumber: '30111222',
    };
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 6,
      pago,
    });
    expect(res.statusCode, res.body).toBe(200);
    const compra = res.json().compra;
    expect(compra.estadoCompra.id).toBe(estadosCompra.activada);
    expect(compra.pagos[0]).toMatchObject({
      monto: 107500,
      montoFinalRecibido: 102125,
      origenPago: 'MercadoPago',
    });

    const sent = fake.requests.find((r) => r.path === '/v1/payments' && r.method === 'POST');
    expect(sent?.headers.authorization).toBe('Bearer TEST-token-vendedor');
    expect(sent?.headers['x-idempotency-key']).toMatch(new RegExp(`^compra-${compra.id}-[0-9a-f]{24}$`));
    expect(sent?.body).toMatchObject({
      transaction_amount: 107500,
      token: 'tok-1',
      installments: 3,
      payment_method_id: 'visa',
      issuer_id: 310,
      external_reference: String(compra.id),
      payer: { email: 'a@b.com', identification: { type: 'DNI', number: '30111222' } },
    });

    // The webhook for that payment: verified with MERCADOPAGO_WEBHOOK_SECRET, read back, applied once.
    const paymentId = [...payments.keys()].at(-1) ?? '';
    const requestId = 'req-1';
    const hook = await t.app.inject({
      method: 'POST',
      url: `/sv/ventas/webhook/mercadopago?data.id=${paymentId}&type=payment`,
      headers: {
        'x-signature': signMercadoPago({ dataId: paymentId, requestId, ts: Date.now(), secret }),
        'x-request-id': requestId,
      },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(hook.json().resultado).toBe('duplicate');
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${paymentId}`)).toBe(
      true,
    );
  });

  it('retries a purchase with a new card after a rejection under a different idempotency key', async () => {
    const { post } = jsonRequests(t);
    const user = await createUser(t);
    const base = {
      paymentMethodId: 'visa',
      installments: 1,
      email: 'a@b.com',
      docType: 'DNI',
      docNumber: '30111222',
    };
    const first = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: 2,
      cantidadMeses: 1,
      pago: { ...base, token: 'tok-rechazado' },
    });
    expect(first.json().resultadoPago.estado).toBe('rechazado');
    const id = first.json().compra.id;
    const second = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: 2,
      cantidadMeses: 1,
      idCompra: id,
      pago: { ...base, token: 'tok-2' },
    });
    expect(second.json().compra.estadoCompra.id).toBe(estadosCompra.activada);
    const keys = fake.requests
      .filter(
        (r) =>
          r.path === '/v1/payments' &&
          (r.body as { external_reference?: string }).external_reference === String(id),
      )
      .map((r) => r.headers['x-idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('creates the checkout preference of a product purchase paid through the gateway', async () => {
    const { post } = jsonRequests(t);
    const user = await createUser(t);
    const products = (await t.app.inject({ method: 'GET', url: '/sv/ventas/traerProductos' })).json()
      .productos as Array<{ id: number; stock: number; valor: number }>;
    const product = products.find((p) => p.stock > 0);
    const res = await post('/sv/api/ventas/generarCompra', user.auth, {
      medioPago: { id: 2 },
      tipoEnvio: { id: 2 },
      carrito: [{ producto: { id: product?.id }, cantidad: 2 }],
    });
    expect(res.json().compra.refMercadoPago).toBe('PREF-123');
    const sent = fake.requests.find((r) => r.path.startsWith('/checkout/preferences'));
    expect(sent?.headers['x-idempotency-key']).toBe(`preferencia-${res.json().compra.id}`);
    expect(sent?.body).toMatchObject({
      external_reference: String(res.json().compra.id),
      items: [{ quantity: 2, unit_price: product?.valor, currency_id: 'ARS' }],
    });
  });

  it('subscribes a licence with the card token and grants it when the first authorized payment is notified', async () => {
    const { post, get } = jsonRequests(t);
    const user = await createUser(t, { plan: 'ninguno' });
    const pago = {
      token: 'tok-sub',
      paymentMethodId: 'master',
      installments: 1,
      email: 'sub@b.com',
      docType: 'DNI',
      docNumber: '30111222',
    };
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: 3,
      cantidadMeses: 3,
      renovacionAutomatica: true,
      pago,
    });
    expect(res.json().resultadoPago.estado).toBe('pendiente');
    const id = res.json().compra.id;
    const sent = fake.requests.find((r) => r.path.startsWith('/preapproval') && r.method === 'POST');
    expect(sent?.headers['x-idempotency-key']).toMatch(new RegExp(`^suscripcion-${id}-[0-9a-f]{24}$`));
    expect(sent?.body).toMatchObject({
      card_token_id: 'tok-sub',
      payer_email: 'sub@b.com',
      external_reference: String(id),
      status: 'authorized',
      auto_recurring: {
        frequency: 3,
        frequency_type: 'months',
        transaction_amount: 28200,
        currency_id: 'ARS',
      },
    });
    const requestId = 'req-sub';
    const hook = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago?data.id=AP-1&type=subscription_authorized_payment',
      headers: {
        'x-signature': signMercadoPago({ dataId: 'AP-1', requestId, ts: Date.now(), secret }),
        'x-request-id': requestId,
      },
      payload: { type: 'subscription_authorized_payment', data: { id: 'AP-1' } },
    });
    expect(hook.json().resultado).toBe('applied');
    const [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras;
    expect(compra).toMatchObject({
      estadoCompra: { id: estadosCompra.activada },
      renovacionAutomatica: true,
    });
    await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth);
    expect(fake.requests.find((r) => r.method === 'PUT' && r.path === '/preapproval/PRE-1')?.body).toEqual({
      status: 'paused',
    });
  });

  it('ignores a signed notification of a payment MercadoPago does not know (200, never a 5xx)', async () => {
    const requestId = 'req-desconocido';
    const hook = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago?data.id=999999&type=payment',
      headers: {
        'x-signature': signMercadoPago({ dataId: '999999', requestId, ts: Date.now(), secret }),
        'x-request-id': requestId,
      },
      payload: { type: 'payment', data: { id: '999999' } },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().resultado).toBe('ignored');
  });

  it('maps an unreachable MercadoPago to GatewayUnavailableError', async () => {
    const gateway = createMercadoPagoGateway({
      accessToken: 'x',
      publicKey: 'y',
      webhookSecret: 'z',
      apiRoot: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(gateway.getPayment('1')).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
    // Later tests of this process use the fake again.
    createMercadoPagoGateway({ accessToken: 'x', publicKey: 'y', webhookSecret: 'z', apiRoot: fake.url });
  });
});
