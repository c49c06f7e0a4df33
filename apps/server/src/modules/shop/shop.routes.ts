import {
  CancelarCompraInputSchema,
  CompraIdInputSchema,
  type ConfigPagos,
  ConfirmarPagoInputSchema,
  EnviarCompraInputSchema,
  GenerarCompraInputSchema,
  GenerarCompraSuscripcionInputSchema,
  GenerarCompraSuscripcionPaypalInputSchema,
  GrabarSuscripcionInputSchema,
  ListadoComprasAdminQuerySchema,
  ModificarCompraInputSchema,
  mensajes,
  PagarCompraInputSchema,
  TraerProductosQuerySchema,
  tiposEnvioCatalogo,
} from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { PaymentsService } from './payments.service.js';
import type { ShopService } from './shop.service.js';

/**
 * HTTP for the shop (spec 2 §7 Sales). Catalogue reads are public (the shop opens before login);
 * everything about a purchase needs a session. Routes only translate; rules are in the services.
 * The paths the spec does not name are in docs/api-shop.md.
 */
export function registerShopRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  shop: ShopService,
  payments: PaymentsService,
  config: () => ConfigPagos,
  requireAdmin: onRequestAsyncHookHandler,
): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['tienda'];

  // ---- catalogue (public) ----
  app.get(
    '/sv/ventas/traerProductos',
    { schema: { tags, querystring: TraerProductosQuerySchema } },
    async (request) => ({
      status: 1 as const,
      productos: await shop.productos(request.query.categoria),
    }),
  );
  app.get('/sv/ventas/traerCategoriaProductos', { schema: { tags } }, async () => ({
    status: 1 as const,
    categorias: await shop.categorias(),
  }));
  app.get('/sv/suscripciones/listado', { schema: { tags } }, async () => ({
    status: 1 as const,
    suscripciones: await shop.planes(),
  }));
  app.get('/sv/ventas/traerMediosPago', { schema: { tags } }, async () => ({
    status: 1 as const,
    mediosPago: shop.mediosPago(),
    tiposEnvio: [...tiposEnvioCatalogo],
  }));
  app.get('/sv/ventas/configPagos', { schema: { tags } }, async () => ({ status: 1 as const, ...config() }));
  app.get('/sv/api/ventas/tipoSuscripcion/listado', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tiposSuscripcion: shop.tiposSuscripcion(),
  }));
  app.get('/sv/api/ventas/getEstadosCompra', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    estados: shop.estadosCompra(),
  }));

  // ---- the user's purchases ----
  app.get('/sv/api/ventas/traerMisCompras', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    compras: await shop.misCompras(request.usuario.userId),
  }));
  app.post(
    '/sv/api/ventas/generarCompra',
    { ...auth, schema: { tags, body: GenerarCompraInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.generarCompra(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/modificarCompra',
    { ...auth, schema: { tags, body: ModificarCompraInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.modificarCompra(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/generarCompraSuscripcion',
    { ...auth, schema: { tags, body: GenerarCompraSuscripcionInputSchema } },
    async (request) => ({
      status: 1 as const,
      ...(await payments.generarCompraSuscripcion(request.usuario.userId, request.body)),
    }),
  );
  app.post(
    '/sv/api/ventas/generarCompraSuscripcionPaypal',
    { ...auth, schema: { tags, body: GenerarCompraSuscripcionPaypalInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await payments.generarCompraSuscripcionPaypal(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/grabarSuscripcion',
    { ...auth, schema: { tags, body: GrabarSuscripcionInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.grabarSuscripcion(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/pagarCompra',
    { ...auth, schema: { tags, body: PagarCompraInputSchema } },
    async (request) => ({
      status: 1 as const,
      ...(await payments.pagarCompra(request.usuario.userId, request.body)),
    }),
  );
  app.get('/sv/api/ventas/cancelarSuscripcionUser', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    compra: await shop.cancelarSuscripcion(request.usuario.userId, null),
  }));
  app.post(
    '/sv/api/ventas/cancelarSuscripcion',
    { ...auth, schema: { tags, body: CompraIdInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.cancelarSuscripcion(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/ventas/reactivarSuscripcion',
    { ...auth, schema: { tags, body: CompraIdInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.reactivarSuscripcion(request.usuario.userId, request.body.id),
    }),
  );

  // ---- provider webhooks: no session, the signature is the credential ----
  const webhookTags = ['tienda (webhooks)'];
  app.post('/sv/ventas/webhook/mercadopago', { schema: { tags: webhookTags } }, async (request) => {
    const result = await payments.onMercadoPagoNotification({
      headers: request.headers,
      query: (request.query ?? {}) as Record<string, unknown>,
      body: request.body,
    });
    if (result === 'refused') throw new AppError(401, mensajes.webhookFirmaInvalida);
    return { status: 1 as const, resultado: result };
  });
  app.post('/sv/ventas/webhook/paypal', { schema: { tags: webhookTags } }, async (request) => {
    const result = await payments.onPaypalNotification({ headers: request.headers, body: request.body });
    if (result === 'refused') throw new AppError(401, mensajes.webhookFirmaInvalida);
    return { status: 1 as const, resultado: result };
  });

  // ---- the shop team (ROLE_ADMIN, checked in the service) ----
  const adminTags = ['tienda (administración)'];
  const admin = { onRequest: [ctx.requireAuth, requireAdmin] };
  app.get(
    '/sv/api/admin/ventas/compras',
    { ...admin, schema: { tags: adminTags, querystring: ListadoComprasAdminQuerySchema } },
    async (request) => ({
      status: 1 as const,
      compras: await shop.adminCompras(request.usuario.userId, !request.query.todas),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/confirmarPago',
    { ...admin, schema: { tags: adminTags, body: ConfirmarPagoInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.confirmarPago(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/enviar',
    { ...admin, schema: { tags: adminTags, body: EnviarCompraInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.enviar(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/entregar',
    { ...admin, schema: { tags: adminTags, body: CompraIdInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.entregar(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/cancelar',
    { ...admin, schema: { tags: adminTags, body: CancelarCompraInputSchema } },
    async (request) => ({
      status: 1 as const,
      compra: await shop.cancelar(request.usuario.userId, request.body),
    }),
  );
}
