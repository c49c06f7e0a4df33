import { estadosCompra, mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { startFakeProvider } from '../../../test/fake-payment-providers.js';
import { buildTestApp, jsonRequests, type TestApp } from '../../../test/helpers.js';

/**
 * The PayPal adapter (official server SDK) against a local fake of PayPal's REST API: OAuth with
 * the client credentials, the subscription read back before a licence is granted, suspend and
 * activate on cancellation, and webhook verification through verify-webhook-signature.
 */
describe('PayPal adapter', () => {
  const subscriptions = new Map<string, { status: string; plan_id: string; cycles: number }>();
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeProvider((request) => {
      if (request.path === '/v1/oauth2/token')
        return { body: { access_token: 'A21-token', token_type: 'Bearer', expires_in: 3600 } };
      const sub = /^\/v1\/billing\/subscriptions\/([\w-]+)(\/(suspend|activate))?$/.exec(request.path);
      if (sub?.[1]) {
        const found = subscriptions.get(sub[1]);
        if (!found) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
        if (sub[3] === 'suspend') found.status = 'SUSPENDED';
        if (sub[3] === 'activate') found.status = 'ACTIVE';
        if (sub[3]) return { status: 204, body: {} };
        return {
          body: {
            id: sub[1],
            status: found.status,
            plan_id: found.plan_id,
            billing_info: {
              outstanding_balance: { currency_code: 'USD', value: '0.00' },
              failed_payments_count: 0,
              cycle_executions: [
                { tenure_type: 'REGULAR', sequence: 1, cycles_completed: found.cycles, total_cycles: 0 },
              ],
              last_payment: {
                amount: { currency_code: 'USD', value: '62.00' },
                time: new Date().toISOString(),
              },
            },
          },
        };
      }
      if (request.path === '/v1/notifications/verify-webhook-signature') {
        const body = request.body as { transmission_sig?: string; webhook_id?: string };
        return {
          body: {
            verification_status:
              body.transmission_sig === 'firma-valida' && body.webhook_id === 'WH-ID' ? 'SUCCESS' : 'FAILURE',
          },
        };
      }
      return undefined;
    });
    t = await buildTestApp('sqlite', {
      env: {
        PAYPAL_CLIENT_ID: 'cliente',
        PAYPAL_CLIENT_SECRET: 'secreto',
        PAYPAL_WEBHOOK_ID: 'WH-ID',
        PAYPAL_API_ROOT: fake.url,
      },
    });
    await t.db.updateTable('plans').set({ paypal_plan_tres: 'P-FULL-3' }).where('id', '=', 4).execute();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const headers = (sig: string) => ({
    'paypal-transmission-id': 'tx-1',
    'paypal-transmission-time': new Date().toISOString(),
    'paypal-cert-url': 'https://api-m.sandbox.paypal.com/certs/1',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-transmission-sig': sig,
  });

  it("grants the licence only for an active subscription on the plan's PayPal plan, read back from PayPal", async () => {
    const { post, get } = jsonRequests(t);
    const plans = (await get('/sv/suscripciones/listado')).json().suscripciones as Array<{
      id: number;
      idSuscripcionPaypalTres: string | null;
      idSuscripcionPaypalUno: string | null;
    }>;
    expect(plans.find((p) => p.id === 4)).toMatchObject({
      idSuscripcionPaypalTres: 'P-FULL-3',
      idSuscripcionPaypalUno: null,
    });
    const user = await createUser(t, { plan: 'ninguno' });
    subscriptions.set('I-WRONG', { status: 'ACTIVE', plan_id: 'P-OTRO', cycles: 1 });
    subscriptions.set('I-GOOD', { status: 'ACTIVE', plan_id: 'P-FULL-3', cycles: 1 });
    const wrong = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 3,
      subscriptionID: 'I-WRONG',
    });
    expect(wrong.statusCode).toBe(400);
    const noPlan = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 1,
      subscriptionID: 'I-GOOD',
    });
    expect(noPlan.statusCode).toBe(400);
    // A subscription PayPal does not know (PayPal answers 404): a 4xx in Spanish, not a 500 or 503.
    const unknown = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 3,
      subscriptionID: 'I-NO-EXISTE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().mensaje).toBe(mensajes.paypalSuscripcionInexistente);
    const good = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 3,
      subscriptionID: 'I-GOOD',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().compra).toMatchObject({
      moneda: 'USD',
      totalCompra: 62,
      estadoCompra: { id: estadosCompra.activada },
    });

    const read = fake.requests.find((r) => r.path === '/v1/billing/subscriptions/I-GOOD');
    expect(read?.headers.authorization).toBe('Bearer A21-token');
    const oauth = fake.requests.find((r) => r.path === '/v1/oauth2/token');
    expect(oauth?.headers.authorization).toBe(`Basic ${Buffer.from('cliente:secreto').toString('base64')}`);

    // Cancellation suspends it at PayPal; reactivation resumes it.
    await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth);
    expect(subscriptions.get('I-GOOD')?.status).toBe('SUSPENDED');
    await post('/sv/api/ventas/reactivarSuscripcion', user.auth, { id: good.json().compra.id });
    expect(subscriptions.get('I-GOOD')?.status).toBe('ACTIVE');
  });

  it('verifies webhooks with PayPal and applies a renewal once', async () => {
    const { get } = jsonRequests(t);
    const user = await createUser(t, { plan: 'ninguno' });
    subscriptions.set('I-RENEW', { status: 'ACTIVE', plan_id: 'P-FULL-3', cycles: 1 });
    await jsonRequests(t).post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: 4,
      cantidadMeses: 3,
      subscriptionID: 'I-RENEW',
    });
    const event = {
      id: 'WH-EVENT-1',
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: { id: 'SALE-1', billing_agreement_id: 'I-RENEW' },
    };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: headers('falsa'),
      payload: event,
    });
    expect(forged.statusCode).toBe(401);
    subscriptions.set('I-RENEW', { status: 'ACTIVE', plan_id: 'P-FULL-3', cycles: 2 });
    const genuine = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: headers('firma-valida'),
      payload: { ...event, id: 'WH-EVENT-2' },
    });
    expect(genuine.json().resultado).toBe('applied');
    const redelivered = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: headers('firma-valida'),
      payload: { ...event, id: 'WH-EVENT-2' },
    });
    expect(redelivered.json().resultado).toBe('duplicate');
    const sameCycle = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: headers('firma-valida'),
      payload: { ...event, id: 'WH-EVENT-3' },
    });
    expect(sameCycle.json().resultado).toBe('duplicate');
    const [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras;
    expect(compra.pagos).toHaveLength(2);
    const verify = fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature');
    expect(verify.at(-1)?.body).toMatchObject({
      webhook_id: 'WH-ID',
      transmission_id: 'tx-1',
      webhook_event: { id: 'WH-EVENT-3' },
    });
  });
});
