import { mediosPago, mensajes } from '@nexo/contracts';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, jsonRequests, type TestApp } from '../../test/helpers.js';

/** A logger that keeps what it writes at info and above, to read the gateways' start line. */
function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { log, lines };
}

const cardPayment = {
  token: 'tok',
  paymentMethodId: 'master',
  installments: 1,
  email: 'comprador@test.local',
  docType: 'DNI',
  docNumber: '12345678',
};

describe.each(engines)('the payment sandbox is never on by accident (%s)', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function app(env: Record<string, string>) {
    const recording = recordingLog();
    t = await buildTestApp(engine, { env, overrides: { log: recording.log } });
    const user = await createUser(t);
    const gatewaysLine = recording.lines.find((line) => line.msg.startsWith('pasarelas de pago:'));
    return { t, user, gatewaysLine, ...jsonRequests(t) };
  }

  async function planId(t: TestApp): Promise<number> {
    const { get } = jsonRequests(t);
    const plans = (await get('/sv/suscripciones/listado')).json().suscripciones as Array<{
      id: number;
      nombre: string;
    }>;
    const plan = plans.find((p) => p.nombre === 'Intermedia');
    if (!plan) throw new Error('sin plan Intermedia');
    return plan.id;
  }

  const purchasesOf = async (t: TestApp, user: TestUser) =>
    t.db.selectFrom('purchases').select('id').where('user_id', '=', user.id).execute();

  it('in production without credentials nor PAYMENTS_SANDBOX, card and PayPal are not offered and are refused in Spanish', async () => {
    const { t, user, gatewaysLine, get, post } = await app({ NODE_ENV: 'production' });
    expect(gatewaysLine).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^pasarelas de pago: MercadoPago deshabilitada, PayPal deshabilitada/),
    });
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({ modoPrueba: false });
    const medios = (await get('/sv/ventas/traerMediosPago')).json();
    expect(medios.paypal).toBe(false);
    expect(medios.mediosPago.map((m: { id: number }) => m.id)).not.toContain(mediosPago.pasarela);

    const plan = await planId(t);
    const card = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      pago: cardPayment,
    });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ status: 2, mensaje: mensajes.tarjetaNoHabilitada });
    const paypal = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      subscriptionID: 'I-CUALQUIERA',
    });
    expect(paypal.statusCode).toBe(400);
    expect(paypal.json()).toMatchObject({ status: 2, mensaje: mensajes.paypalNoHabilitado });
    const cart = await post('/sv/api/ventas/generarCompra', user.auth, {
      medioPago: { id: mediosPago.pasarela },
      tipoEnvio: { id: 2 },
      carrito: [{ producto: { id: 1 }, cantidad: 1 }],
    });
    expect(cart.statusCode).toBe(400);
    expect(cart.json().mensaje).toBe(mensajes.tarjetaNoHabilitada);
    // Nothing was bought, and the sandbox's own endpoints (its test cards) do not exist.
    expect(await purchasesOf(t, user)).toEqual([]);
    const sandboxCard = await post('/sv/api/ventas/sandbox/card_tokens', user.auth, {
      card_number: '5031755734530604',
    });
    expect(sandboxCard.statusCode).toBe(404);
    const sandboxPaypal = await post('/sv/api/ventas/sandbox/paypal/suscripcion', user.auth, {});
    expect(sandboxPaypal.statusCode).toBe(404);
  });

  it('in production, PAYMENTS_SANDBOX=true turns the sandbox on on purpose, and says so at start', async () => {
    const { t, user, gatewaysLine, get, post } = await app({
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
    });
    expect(gatewaysLine).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^pasarelas de pago: MercadoPago modo de prueba, PayPal modo de prueba/),
    });
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({ modoPrueba: true });
    const medios = (await get('/sv/ventas/traerMediosPago')).json();
    expect(medios.paypal).toBe(true);
    expect(medios.mediosPago.map((m: { id: number }) => m.id)).toContain(mediosPago.pasarela);
    const token = await post('/sv/api/ventas/sandbox/card_tokens', user.auth, {
      card_number: '5031755734530604',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
    });
    expect(token.statusCode).toBe(200);
    const bought = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId(t),
      cantidadMeses: 1,
      pago: { ...cardPayment, token: token.json().id },
    });
    expect(bought.json().resultadoPago).toMatchObject({ estado: 'aprobado' });
  });

  it('outside production (npm start) the sandbox stays on by default, with the "modo de prueba" flag', async () => {
    const { gatewaysLine, get } = await app({ NODE_ENV: 'development' });
    expect(gatewaysLine).toMatchObject({
      level: 30,
      msg: 'pasarelas de pago: MercadoPago modo de prueba, PayPal modo de prueba',
    });
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({ modoPrueba: true });
  });

  it('in production a provider with credentials is live while the other, without them, is off', async () => {
    const { gatewaysLine, get } = await app({
      NODE_ENV: 'production',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-prueba',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-publica',
      MERCADOPAGO_WEBHOOK_SECRET: 'secreto-webhook',
    });
    expect(gatewaysLine?.msg).toMatch(/^pasarelas de pago: MercadoPago en vivo, PayPal deshabilitada/);
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({
      modoPrueba: false,
      mercadoPagoPublicKey: 'APP_USR-publica',
      paypalClientId: null,
    });
    const medios = (await get('/sv/ventas/traerMediosPago')).json();
    expect(medios.paypal).toBe(false);
    expect(medios.mediosPago.map((m: { id: number }) => m.id)).toContain(mediosPago.pasarela);
  });
});
