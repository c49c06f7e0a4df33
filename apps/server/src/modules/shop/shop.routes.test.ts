import { completar, estadosCompra, formatoFecha, mensajes, rolesUsuario } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';
import { signMercadoPago } from './gateways/mercadopago.signature.js';

type Compra = {
  id: number;
  estadoCompra: { id: number; descripcion: string };
  totalCompra: number;
  moneda: string;
  pagos: Array<{ monto: number; montoFinalRecibido: number; origenPago: string }>;
  suscripcionesToken: Array<{ fechaHasta: number; cancelacionSolicitada: boolean; esGratuito: boolean }>;
  logs: Array<{ descripcion: string }>;
  mensajeEstado: string | null;
  numeroSeguimiento: string | null;
  modoGratuita: boolean;
  montoFinalRecibido?: number;
};

describe.each(engines)('shop API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);
  const sandbox = () => {
    const card = t.app.modules.shop.gateways.sandboxCard;
    if (!card) throw new Error('sin sandbox');
    return card;
  };

  async function planId(nombre: string): Promise<number> {
    const plans = (await get('/sv/suscripciones/listado')).json().suscripciones as Array<{
      id: number;
      nombre: string;
    }>;
    const plan = plans.find((p) => p.nombre === nombre);
    if (!plan) throw new Error(`sin plan ${nombre}`);
    return plan.id;
  }

  async function cardToken(user: TestUser, holder = 'APRO', overrides: Record<string, unknown> = {}) {
    const res = await post('/sv/api/ventas/sandbox/card_tokens', user.auth, {
      card_number: '5031755734530604',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: holder, identification: { type: 'DNI', number: '12345678' } },
      ...overrides,
    });
    return res;
  }

  async function pago(user: TestUser, holder = 'APRO') {
    const token = (await cardToken(user, holder)).json().id as string;
    return {
      token,
      paymentMethodId: 'master',
      installments: 1,
      email: 'comprador@test.local',
      docType: 'DNI',
      docNumber: '12345678',
    };
  }

  async function product(stock: number, valor = 1000): Promise<number> {
    const row = await t.db
      .insertInto('products')
      .values({
        nombre: `Producto ${Math.random()}`,
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

  const licence = async (user: TestUser) => (await get('/sv/api/usuario/', user.auth)).json();

  it('lists the catalogue without a session: plans by cost, categories, products with stock, means', async () => {
    const plans = (await get('/sv/suscripciones/listado')).json().suscripciones as Array<{
      costo: number;
      idSuscripcionPaypalTres: string;
    }>;
    expect(plans.map((p) => p.costo)).toEqual([...plans.map((p) => p.costo)].sort((a, b) => a - b));
    expect(plans[1]?.idSuscripcionPaypalTres).toMatch(/^SANDBOX-P-/);
    const categorias = (await get('/sv/ventas/traerCategoriaProductos')).json().categorias;
    expect(categorias.map((c: { descripcion: string }) => c.descripcion)).toContain('Placas');
    const productos = (await get('/sv/ventas/traerProductos?categoria=3')).json().productos as Array<{
      stock: number;
      categoriaProducto: { id: number };
    }>;
    expect(productos.length).toBeGreaterThan(0);
    expect(productos.every((p) => p.categoriaProducto.id === 3)).toBe(true);
    expect(productos.some((p) => p.stock === 0)).toBe(true);
    const medios = (await get('/sv/ventas/traerMediosPago')).json();
    expect(medios.mediosPago.map((m: { id: number }) => m.id)).toEqual([1, 2, 3]);
    expect((await get('/sv/ventas/configPagos')).json()).toMatchObject({
      modoPrueba: true,
      mercadoPagoPublicKey: null,
    });
    const user = await createUser(t);
    expect((await get('/sv/api/ventas/getEstadosCompra', user.auth)).json().estados).toHaveLength(8);
    expect(
      (await get('/sv/api/ventas/tipoSuscripcion/listado', user.auth)).json().tiposSuscripcion,
    ).toHaveLength(5);
  });

  it('prices the cart itself and refuses prices, zero or negative quantities and more than the stock', async () => {
    const user = await createUser(t);
    const id = await product(3, 1234.5);
    const base = { medioPago: { id: 3 }, tipoEnvio: { id: 2 } };
    const withPrice = await post('/sv/api/ventas/generarCompra', user.auth, {
      ...base,
      carrito: [{ producto: { id }, cantidad: 1, valor: 1 }],
    });
    expect(withPrice.statusCode).toBe(400);
    expect(withPrice.json().status).toBe(2);
    for (const cantidad of [0, -2, 1.5, 'x']) {
      const res = await post('/sv/api/ventas/generarCompra', user.auth, {
        ...base,
        carrito: [{ producto: { id }, cantidad }],
      });
      expect(res.statusCode, String(cantidad)).toBe(400);
    }
    const tooMany = await post('/sv/api/ventas/generarCompra', user.auth, {
      ...base,
      carrito: [{ producto: { id }, cantidad: 4 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errores[0].mensaje).toBe('No puede superar el stock disponible 3');
    const noAddress = await post('/sv/api/ventas/generarCompra', user.auth, {
      medioPago: { id: 3 },
      tipoEnvio: { id: 1 },
      carrito: [{ producto: { id }, cantidad: 1 }],
    });
    expect(noAddress.json().errores[0]).toEqual({
      campo: 'direccionEnvio',
      mensaje: mensajes.direccionRequerida,
    });

    const ok = await post('/sv/api/ventas/generarCompra', user.auth, {
      ...base,
      carrito: [{ producto: { id }, cantidad: 2 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().compra).toMatchObject({
      totalCompra: 2469,
      estadoCompra: { id: estadosCompra.enEspera },
      mensajeEstado: mensajes.compraEsperaTransferencia,
    });
    const left = (await get('/sv/ventas/traerProductos'))
      .json()
      .productos.find((p: { id: number }) => p.id === id);
    expect(left.stock).toBe(1);
  });

  it('sells the last unit to one of two simultaneous buyers only', async () => {
    const id = await product(1);
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const body = { medioPago: { id: 1 }, tipoEnvio: { id: 2 }, carrito: [{ producto: { id }, cantidad: 1 }] };
    const results = await Promise.all(
      [a, b].map((user) => post('/sv/api/ventas/generarCompra', user.auth, body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.stock)).toBe(0);
  });

  it('buys a 3-month licence by card in the sandbox: activated, paid net of fees, limits live, webhook applied once', async () => {
    const user = await createUser(t);
    const plan = await planId('Full');
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 3,
      pago: await pago(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { compra, resultadoPago } = res.json() as { compra: Compra; resultadoPago: { estado: string } };
    expect(resultadoPago.estado).toBe('aprobado');
    expect(compra.estadoCompra.id).toBe(estadosCompra.activada);
    expect(compra.totalCompra).toBe(56700);
    expect(compra.pagos).toHaveLength(1);
    expect(compra.pagos[0]?.montoFinalRecibido).toBeLessThan(56700);
    const days = ((compra.suscripcionesToken[0]?.fechaHasta ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    const me = await licence(user);
    expect(me.usuario?.token ?? me.token ?? me).toBeDefined();

    await sandbox().idle();
    const after = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(after[0]?.pagos).toHaveLength(1);
  });

  it("writes the licence's end date in the buyer's time zone, in its log line and its notification", async () => {
    const user = await createUser(t);
    // UTC+14: its calendar day differs from UTC's for ten hours of every day.
    const zona = 'Pacific/Kiritimati';
    await t.db.updateTable('users').set({ zona_horaria: zona }).where('id', '=', user.id).execute();
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId('Full'),
      cantidadMeses: 1,
      pago: await pago(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const compra = res.json().compra as Compra;
    const fecha = formatoFecha(compra.suscripcionesToken[0]?.fechaHasta ?? 0, zona);
    expect(compra.logs.map((l) => l.descripcion)).toContain(`Licencia vigente hasta el ${fecha}`);
    await sandbox().idle();
    const notices = JSON.stringify((await get('/sv/api/notificaciones/traerPU', user.auth)).json());
    expect(notices).toContain(completar(mensajes.compraNotificacionActivada, { plan: 'Full', fecha }));
  });

  it('answers each card error code of the spec through the sandbox tokenization, and the card lookup failure', async () => {
    const user = await createUser(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ expiration_month: 13 }, '325', mensajes.tarjetaMesInvalido],
      [{ expiration_year: 2001 }, '326', mensajes.tarjetaAnioInvalido],
      [{ card_number: '5031' }, 'E301', mensajes.tarjetaNumeroInvalido],
      // The right length and brand but a wrong check digit (Luhn).
      [{ card_number: '5031755734530605' }, 'E301', mensajes.tarjetaNumeroInvalido],
      [{ security_code: '1' }, 'E302', mensajes.tarjetaCodigoInvalido],
      [
        { cardholder: { name: '1', identification: { type: 'DNI', number: '12345678' } } },
        '316',
        mensajes.tarjetaNombreInvalido,
      ],
      [
        { cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12' } } },
        '324',
        mensajes.tarjetaDocumentoInvalido,
      ],
    ];
    for (const [override, codigo, mensaje] of cases) {
      const res = await cardToken(user, 'APRO', override);
      expect(res.statusCode, codigo).toBe(400);
      expect(res.json()).toMatchObject({ status: 2, codigo, mensaje });
    }
    const lookup = await get('/sv/api/ventas/sandbox/payment_methods?bin=999999', user.auth);
    expect(lookup.json()).toMatchObject({ status: 2, mensaje: mensajes.tarjetaNoEncontrada });
    const found = await get('/sv/api/ventas/sandbox/payment_methods?bin=450995', user.auth);
    expect(found.json().results[0].id).toBe('visa');
  });

  it('keeps a rejected card purchase waiting and activates it when retried with a good card', async () => {
    const user = await createUser(t);
    const plan = await planId('Inicial');
    const first = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      pago: await pago(user, 'FUND'),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().resultadoPago).toEqual({
      estado: 'rechazado',
      mensaje: expect.stringContaining('fondos insuficientes'),
    });
    const waiting = first.json().compra as Compra;
    expect(waiting.estadoCompra.id).toBe(estadosCompra.enEspera);
    expect(waiting.pagos).toEqual([]);
    expect(waiting.suscripcionesToken).toEqual([]);
    const retry = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      idCompra: waiting.id,
      pago: await pago(user),
    });
    expect(retry.json().compra).toMatchObject({
      id: waiting.id,
      estadoCompra: { id: estadosCompra.activada },
    });
  });

  it('approves a pending payment when the sandbox notifies it, through the signed webhook', async () => {
    const user = await createUser(t);
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId('Intermedia'),
      cantidadMeses: 6,
      pago: await pago(user, 'CONT'),
    });
    expect(res.json().resultadoPago.estado).toBe('pendiente');
    expect(res.json().compra.estadoCompra.id).toBe(estadosCompra.enEspera);
    await sandbox().idle();
    const [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(compra?.estadoCompra.id).toBe(estadosCompra.activada);
    expect(compra?.pagos).toHaveLength(1);
  });

  it('refuses forged and stale webhooks, and a redelivered one changes nothing', async () => {
    const secret = t.app.ctx.config.payments.sandboxSecret;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago?data.id=123&type=payment',
      headers: { 'x-signature': `ts=${Date.now()},v1=${'0'.repeat(64)}`, 'x-request-id': 'r1' },
      payload: { type: 'payment', data: { id: '123' } },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().mensaje).toBe(mensajes.webhookFirmaInvalida);
    const stale = Date.now() - 10 * 60_000;
    const old = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago?data.id=123&type=payment',
      headers: {
        'x-signature': signMercadoPago({ dataId: '123', requestId: 'r2', ts: stale, secret }),
        'x-request-id': 'r2',
      },
      payload: { type: 'payment', data: { id: '123' } },
    });
    expect(old.statusCode).toBe(401);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/mercadopago',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(garbage.statusCode).toBe(400);

    const user = await createUser(t);
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId('Inicial'),
      cantidadMeses: 12,
      pago: await pago(user),
    });
    const compra = res.json().compra as Compra;
    const paymentId =
      (
        await t.db
          .selectFrom('purchase_payments')
          .select('ref_externa')
          .where('purchase_id', '=', compra.id)
          .executeTakeFirstOrThrow()
      ).ref_externa?.split(':')[1] ?? '';
    for (const requestId of ['again-1', 'again-2']) {
      const replay = await t.app.inject({
        method: 'POST',
        url: `/sv/ventas/webhook/mercadopago?data.id=${paymentId}&type=payment`,
        headers: {
          'x-signature': signMercadoPago({ dataId: paymentId, requestId, ts: Date.now(), secret }),
          'x-request-id': requestId,
        },
        payload: { type: 'payment', data: { id: paymentId } },
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().resultado).toBe('duplicate');
    }
    const [after] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(after?.pagos).toHaveLength(1);
    expect(after?.suscripcionesToken).toHaveLength(1);
  });

  it("refuses to pay, change or read another user's purchase, and sub-users cannot buy", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const id = await product(5);
    const compra = (
      await post('/sv/api/ventas/generarCompra', owner.auth, {
        medioPago: { id: 2 },
        tipoEnvio: { id: 2 },
        carrito: [{ producto: { id }, cantidad: 1 }],
      })
    ).json().compra as Compra & { refMercadoPago: string };
    expect(compra.refMercadoPago).toMatch(/^SANDBOX-PREF-/);
    const pay = await post('/sv/api/ventas/pagarCompra', stranger.auth, {
      id: compra.id,
      pago: await pago(stranger),
    });
    expect(pay.statusCode).toBe(404);
    const change = await post('/sv/api/ventas/modificarCompra', stranger.auth, {
      id: compra.id,
      medioPago: { id: 3 },
      tipoEnvio: { id: 2 },
    });
    expect(change.statusCode).toBe(404);
    expect((await get('/sv/api/ventas/traerMisCompras', stranger.auth)).json().compras).toEqual([]);
    const query = await post('/sv/api/consulta/grabar', stranger.auth, {
      mensaje: 'No me llegó',
      tipoProblema: 4,
      esDeCompra: true,
      compra: compra.id,
    });
    expect(query.statusCode).toBe(404);

    const paid = await post('/sv/api/ventas/pagarCompra', owner.auth, {
      id: compra.id,
      pago: await pago(owner),
    });
    expect(paid.json().compra.estadoCompra.id).toBe(estadosCompra.pagada);
    expect(paid.json().compra.mensajeEstado).toBe(mensajes.compraEsperaRetiro);

    const child = await createUser(t, { plan: 'ninguno', parentId: owner.id });
    const refused = await post('/sv/api/ventas/grabarSuscripcion', child.auth, {
      id: await planId('Inicial'),
      esGratis: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().mensaje).toBe(mensajes.usuarioConSuscripcionPadre);
  });

  it('walks a transfer purchase through the admin: confirm with the amount received, ship with tracking, deliver', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const id = await product(4, 5000);
    const compra = (
      await post('/sv/api/ventas/generarCompra', user.auth, {
        medioPago: { id: 3 },
        tipoEnvio: { id: 1 },
        direccionEnvio: 'Av. Siempre Viva 742, Córdoba',
        carrito: [{ producto: { id }, cantidad: 2 }],
      })
    ).json().compra as Compra;
    expect((await post('/sv/api/admin/ventas/confirmarPago', user.auth, { id: compra.id })).statusCode).toBe(
      403,
    );
    const list = (await get('/sv/api/admin/ventas/compras', admin.auth)).json().compras as Array<
      Compra & { usuario: { username: string } }
    >;
    expect(list.find((c) => c.id === compra.id)?.usuario.username).toBe(user.username);

    const confirmed = (
      await post('/sv/api/admin/ventas/confirmarPago', admin.auth, {
        id: compra.id,
        montoFinalRecibido: 9900,
      })
    ).json().compra as Compra;
    expect(confirmed).toMatchObject({
      estadoCompra: { id: estadosCompra.pagada },
      montoFinalRecibido: 9900,
      mensajeEstado: mensajes.compraPreparando,
    });
    expect((await post('/sv/api/admin/ventas/confirmarPago', admin.auth, { id: compra.id })).statusCode).toBe(
      409,
    );
    const shipped = (
      await post('/sv/api/admin/ventas/enviar', admin.auth, {
        id: compra.id,
        numeroSeguimiento: 'CP123456789AR',
      })
    ).json().compra as Compra;
    expect(shipped).toMatchObject({
      estadoCompra: { id: estadosCompra.enviada },
      numeroSeguimiento: 'CP123456789AR',
      mensajeEstado: mensajes.compraEnViaje,
    });
    const delivered = (await post('/sv/api/admin/ventas/entregar', admin.auth, { id: compra.id })).json()
      .compra as Compra;
    expect(delivered).toMatchObject({
      estadoCompra: { id: estadosCompra.entregada },
      mensajeEstado: mensajes.compraEntregada,
    });
    expect(
      (await post('/sv/api/admin/ventas/cancelar', admin.auth, { id: compra.id, motivo: 'Tarde' }))
        .statusCode,
    ).toBe(409);
    const mine = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(mine[0]?.logs.map((l) => l.descripcion)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Pago recibido'),
        expect.stringContaining('CP123456789AR'),
        'Entregada',
      ]),
    );
    const notices = (await get('/sv/api/notificaciones/traerPU', user.auth)).json();
    expect(JSON.stringify(notices)).toContain(`compra #${compra.id}`);
  });

  it('cancels a waiting purchase with a reason and puts the units back', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const id = await product(2);
    const compra = (
      await post('/sv/api/ventas/generarCompra', user.auth, {
        medioPago: { id: 1 },
        tipoEnvio: { id: 2 },
        carrito: [{ producto: { id }, cantidad: 2 }],
      })
    ).json().compra as Compra;
    expect(compra.mensajeEstado).toBe(mensajes.compraEsperaPagoLocal);
    const cancelled = await post('/sv/api/admin/ventas/cancelar', admin.auth, {
      id: compra.id,
      motivo: 'Sin respuesta del comprador',
    });
    expect(cancelled.json().compra.estadoCompra.id).toBe(estadosCompra.cancelada);
    const row = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.stock)).toBe(2);
  });

  it('gives a plan trial once, and a transfer licence waits for the admin', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const plan = await planId('Inicial');
    const trial = await post('/sv/api/ventas/grabarSuscripcion', user.auth, { id: plan, esGratis: true });
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json().compra).toMatchObject({
      modoGratuita: true,
      estadoCompra: { id: estadosCompra.activada },
      totalCompra: 0,
    });
    expect(trial.json().compra.suscripcionesToken[0].esGratuito).toBe(true);
    expect(
      (await post('/sv/api/ventas/grabarSuscripcion', user.auth, { id: plan, esGratis: true })).statusCode,
    ).toBe(409);
    expect(
      (
        await post('/sv/api/ventas/grabarSuscripcion', user.auth, {
          id: await planId('Full'),
          esGratis: true,
        })
      ).statusCode,
    ).toBe(400);

    const transfer = await post('/sv/api/ventas/grabarSuscripcion', user.auth, {
      id: await planId('Full'),
      cantidadMeses: 12,
      medioPago: { id: 3 },
    });
    expect(transfer.json().compra).toMatchObject({
      estadoCompra: { id: estadosCompra.enEspera },
      totalCompra: 203000,
      suscripcionesToken: [],
    });
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const confirmed = (
      await post('/sv/api/admin/ventas/confirmarPago', admin.auth, { id: transfer.json().compra.id })
    ).json().compra as Compra;
    expect(confirmed.estadoCompra.id).toBe(estadosCompra.activada);
    expect(confirmed.suscripcionesToken).toHaveLength(1);
  });

  it('requests cancellation keeping the licence until its date, reactivates it, and finishes it when it expires', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const bought = (
      await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
        idSuscripcion: await planId('Full'),
        cantidadMeses: 1,
        pago: await pago(user),
      })
    ).json().compra as Compra;
    const cancelled = await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth);
    expect(cancelled.json().compra).toMatchObject({
      id: bought.id,
      estadoCompra: { id: estadosCompra.cancelacionSolicitada },
    });
    expect(cancelled.json().compra.suscripcionesToken[0].cancelacionSolicitada).toBe(true);
    const reactivated = await post('/sv/api/ventas/reactivarSuscripcion', user.auth, { id: bought.id });
    expect(reactivated.json().compra.estadoCompra.id).toBe(estadosCompra.activada);
    await post('/sv/api/ventas/cancelarSuscripcion', user.auth, { id: bought.id });

    await t.db
      .updateTable('subscription_tokens')
      .set({ fecha_hasta: Date.now() - 1000 })
      .where('compra_id', '=', bought.id)
      .execute();
    expect(await t.app.modules.shop.shop.finishExpiredLicences()).toBeGreaterThanOrEqual(1);
    const [after] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(after?.estadoCompra.id).toBe(estadosCompra.finalizada);
    expect((await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth)).statusCode).toBe(400);
  });

  it('extends the licence when the same plan is bought again and finishes the older purchase', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const plan = await planId('Intermedia');
    const first = (
      await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
        idSuscripcion: plan,
        cantidadMeses: 1,
        pago: await pago(user),
      })
    ).json().compra as Compra;
    const second = (
      await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
        idSuscripcion: plan,
        cantidadMeses: 3,
        pago: await pago(user),
      })
    ).json().compra as Compra;
    const days = ((second.suscripcionesToken[0]?.fechaHasta ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(118);
    const compras = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(compras.find((c) => c.id === first.id)?.estadoCompra.id).toBe(estadosCompra.finalizada);
  });

  it('renews a card licence every period through a MercadoPago subscription, pauses it on cancellation and resumes it', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const res = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId('Intermedia'),
      cantidadMeses: 1,
      renovacionAutomatica: true,
      pago: await pago(user),
    });
    expect(res.json().resultadoPago).toEqual({ estado: 'pendiente', mensaje: mensajes.suscripcionCreada });
    expect(res.json().compra).toMatchObject({
      estadoCompra: { id: estadosCompra.enEspera },
      renovacionAutomatica: true,
    });
    await sandbox().idle();
    let [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(compra?.estadoCompra.id).toBe(estadosCompra.activada);
    expect(compra?.pagos).toHaveLength(1);

    const ref =
      (
        await t.db
          .selectFrom('purchases')
          .select('ref_mp_suscripcion')
          .where('id', '=', compra?.id ?? 0)
          .executeTakeFirstOrThrow()
      ).ref_mp_suscripcion ?? '';
    sandbox().renewSubscription(ref);
    await sandbox().idle();
    [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(compra?.pagos).toHaveLength(2);
    const days = ((compra?.suscripcionesToken[0]?.fechaHasta ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);

    const cancelled = await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await sandbox().getSubscription(ref)).status).toBe('paused');
    sandbox().renewSubscription(ref);
    await sandbox().idle();
    [compra] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(compra?.pagos).toHaveLength(2);
    await post('/sv/api/ventas/reactivarSuscripcion', user.auth, { id: compra?.id });
    expect((await sandbox().getSubscription(ref)).status).toBe('authorized');

    const rejected = await post('/sv/api/ventas/generarCompraSuscripcion', user.auth, {
      idSuscripcion: await planId('Inicial'),
      cantidadMeses: 1,
      renovacionAutomatica: true,
      pago: await pago(user, 'OTHE'),
    });
    expect(rejected.json().resultadoPago.estado).toBe('rechazado');
  });

  it('sells a licence through the PayPal sandbox in USD and extends it on each renewal webhook, once', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const plan = await planId('Full');
    const created = await post('/sv/api/ventas/sandbox/paypal/suscripcion', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
    });
    const subscriptionID = created.json().subscriptionID as string;
    const bought = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      subscriptionID,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const compra = bought.json().compra as Compra & { medioPago: { descripcion: string } };
    expect(compra).toMatchObject({
      moneda: 'USD',
      totalCompra: 22,
      medioPago: { descripcion: 'PayPal' },
      estadoCompra: { id: estadosCompra.activada },
    });
    const again = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 1,
      subscriptionID,
    });
    expect(again.json().compra.id).toBe(compra.id);
    const stranger = await createUser(t);
    expect(
      (
        await post('/sv/api/ventas/generarCompraSuscripcionPaypal', stranger.auth, {
          idSuscripcion: plan,
          cantidadMeses: 1,
          subscriptionID,
        })
      ).statusCode,
    ).toBe(403);
    const wrongPlan = await post('/sv/api/ventas/generarCompraSuscripcionPaypal', user.auth, {
      idSuscripcion: plan,
      cantidadMeses: 3,
      subscriptionID: 'I-DESCONOCIDA',
    });
    expect(wrongPlan.statusCode).toBeGreaterThanOrEqual(400);

    const paypal = t.app.modules.shop.gateways.sandboxPaypal;
    if (!paypal) throw new Error('sin sandbox de PayPal');
    await paypal.renew(subscriptionID);
    const [renewed] = (await get('/sv/api/ventas/traerMisCompras', user.auth)).json().compras as Compra[];
    expect(renewed?.pagos).toHaveLength(2);
    const days = ((renewed?.suscripcionesToken[0]?.fechaHasta ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: {
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': '0'.repeat(64),
      },
      payload: {
        id: 'WH-1',
        event_type: 'PAYMENT.SALE.COMPLETED',
        resource: { billing_agreement_id: subscriptionID },
      },
    });
    expect(forged.statusCode).toBe(401);

    const cancelled = await get('/sv/api/ventas/cancelarSuscripcionUser', user.auth);
    expect(cancelled.json().compra.estadoCompra.id).toBe(estadosCompra.cancelacionSolicitada);
    expect((await paypal.getSubscription(subscriptionID)).status).toBe('SUSPENDED');
  });
});
