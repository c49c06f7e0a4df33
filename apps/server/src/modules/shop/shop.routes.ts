import {
  CancelarCompraInputSchema,
  CarritoAnswerSchema,
  CarritoInputSchema,
  CategoriasAnswerSchema,
  CompraAnswerSchema,
  CompraIdInputSchema,
  CompraPagadaAnswerSchema,
  ComprasAnswerSchema,
  type ConfigPagos,
  ConfigPagosAnswerSchema,
  ConfigTiendaAnswerSchema,
  ConfigTiendaInputSchema,
  ConfirmarPagoInputSchema,
  EnviarCompraInputSchema,
  EstadosCompraAnswerSchema,
  GenerarCompraInputSchema,
  GenerarCompraSuscripcionInputSchema,
  GenerarCompraSuscripcionPaypalInputSchema,
  GrabarSuscripcionInputSchema,
  ListadoComprasAdminQuerySchema,
  MediosPagoAnswerSchema,
  ModificarCompraInputSchema,
  mensajes,
  PagarCompraInputSchema,
  PlanesTiendaAnswerSchema,
  ProductosAnswerSchema,
  TiposSuscripcionAnswerSchema,
  TraerProductosQuerySchema,
  tiposEnvioCatalogo,
  WebhookAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { AppError } from '../../platform/http/errors.js';
import { tag } from '../../platform/http/openapi.js';
import type { PaymentsService } from './payments.service.js';
import type { ShopService } from './shop.service.js';

/**
 * HTTP for the shop (spec 2 §7 Sales). Catalogue reads are public (the shop opens before login);
 * everything about a purchase needs a session. Routes only translate; rules are in the services.
 * The paths the spec does not name are in docs/api-shop.md.
 */
export function registerShopRoutes(
  app: HttpApp,
  shop: ShopService,
  payments: PaymentsService,
  config: () => ConfigPagos,
): void {
  const tags = tag('tienda');

  // ---- catalogue (public) ----
  app.get(
    '/sv/ventas/traerProductos',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Los productos a la venta, de una categoría o de todas',
        response: { 200: ProductosAnswerSchema },
        querystring: TraerProductosQuerySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      productos: await shop.productos(request.query.categoria),
    }),
  );
  app.get(
    '/sv/ventas/traerCategoriaProductos',
    {
      ...acceso('publico'),
      schema: { tags, summary: 'Las categorías de productos', response: { 200: CategoriasAnswerSchema } },
    },
    async () => ({
      status: 1 as const,
      categorias: await shop.categorias(),
    }),
  );
  app.get(
    '/sv/suscripciones/listado',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Los planes de suscripción a la venta',
        response: { 200: PlanesTiendaAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      suscripciones: await shop.planes(),
    }),
  );
  app.get(
    '/sv/ventas/traerMediosPago',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Los medios de pago y los tipos de envío',
        response: { 200: MediosPagoAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      ...(await shop.mediosOfrecidos()),
      tiposEnvio: [...tiposEnvioCatalogo],
    }),
  );
  app.get(
    '/sv/ventas/configPagos',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'La configuración pública de los medios de pago (claves públicas, modo de prueba)',
        response: { 200: ConfigPagosAnswerSchema },
      },
    },
    async () => ({ status: 1 as const, ...config() }),
  );
  app.get(
    '/sv/api/ventas/tipoSuscripcion/listado',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Catálogo de tipos de suscripción',
        response: { 200: TiposSuscripcionAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      tiposSuscripcion: shop.tiposSuscripcion(),
    }),
  );
  app.get(
    '/sv/api/ventas/getEstadosCompra',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Catálogo de estados de compra',
        response: { 200: EstadosCompraAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      estados: shop.estadosCompra(),
    }),
  );

  // ---- the account's cart (it follows the user to any browser) ----
  app.get(
    '/sv/api/ventas/carrito',
    {
      ...acceso('sesion'),
      schema: { tags, summary: 'El carrito de la cuenta', response: { 200: CarritoAnswerSchema } },
    },
    async (request) => ({
      status: 1 as const,
      carrito: await shop.carrito(request.usuario.userId),
      avisos: [],
    }),
  );
  app.post(
    '/sv/api/ventas/carrito',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Reemplaza el carrito de la cuenta',
        response: { 200: CarritoAnswerSchema },
        body: CarritoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      carrito: await shop.guardarCarrito(request.usuario.userId, request.body),
      avisos: [],
    }),
  );
  app.post(
    '/sv/api/ventas/carrito/fusionar',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Suma al carrito de la cuenta el carrito anónimo del navegador (tope: el stock)',
        response: { 200: CarritoAnswerSchema },
        body: CarritoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await shop.fusionarCarrito(request.usuario.userId, request.body)),
    }),
  );

  // ---- the user's purchases ----
  app.get(
    '/sv/api/ventas/traerMisCompras',
    {
      ...acceso('sesion'),
      schema: { tags, summary: 'Las compras del usuario', response: { 200: ComprasAnswerSchema } },
    },
    async (request) => ({
      status: 1 as const,
      compras: await shop.misCompras(request.usuario.userId),
    }),
  );
  app.post(
    '/sv/api/ventas/generarCompra',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Crea una compra con el carrito',
        response: { 200: CompraAnswerSchema },
        body: GenerarCompraInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.generarCompra(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/modificarCompra',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Cambia el medio de pago o el envío de una compra pendiente',
        response: { 200: CompraAnswerSchema },
        body: ModificarCompraInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.modificarCompra(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/generarCompraSuscripcion',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Compra una suscripción con tarjeta',
        response: { 200: CompraPagadaAnswerSchema },
        body: GenerarCompraSuscripcionInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await payments.generarCompraSuscripcion(request.usuario.userId, request.body)),
    }),
  );
  app.post(
    '/sv/api/ventas/generarCompraSuscripcionPaypal',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Registra una suscripción aprobada en PayPal',
        response: { 200: CompraAnswerSchema },
        body: GenerarCompraSuscripcionPaypalInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await payments.generarCompraSuscripcionPaypal(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/grabarSuscripcion',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Compra una suscripción por transferencia, en el local o gratuita',
        response: { 200: CompraAnswerSchema },
        body: GrabarSuscripcionInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.grabarSuscripcion(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/ventas/pagarCompra',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Paga una compra pendiente con tarjeta',
        response: { 200: CompraPagadaAnswerSchema },
        body: PagarCompraInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await payments.pagarCompra(request.usuario.userId, request.body)),
    }),
  );
  app.get(
    '/sv/api/ventas/cancelarSuscripcionUser',
    {
      ...acceso('sesion', [400, 404, 409]),
      schema: {
        tags,
        summary: 'Cancela la renovación de la suscripción vigente',
        response: { 200: CompraAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.cancelarSuscripcion(request.usuario.userId, null),
    }),
  );
  app.post(
    '/sv/api/ventas/cancelarSuscripcion',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Cancela la renovación de una suscripción',
        response: { 200: CompraAnswerSchema },
        body: CompraIdInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.cancelarSuscripcion(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/ventas/reactivarSuscripcion',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Reactiva la renovación de una suscripción',
        response: { 200: CompraAnswerSchema },
        body: CompraIdInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.reactivarSuscripcion(request.usuario.userId, request.body.id),
    }),
  );

  // ---- provider webhooks: no session, the signature is the credential ----
  app.post(
    '/sv/ventas/webhook/mercadopago',
    {
      ...acceso('webhook'),
      schema: {
        tags,
        summary: 'Notificación de pago de MercadoPago (firmada)',
        response: { 200: WebhookAnswerSchema },
      },
    },
    async (request) => {
      const result = await payments.onMercadoPagoNotification({
        headers: request.headers,
        query: (request.query ?? {}) as Record<string, unknown>,
        body: request.body,
      });
      if (result === 'refused') throw new AppError(401, mensajes.webhookFirmaInvalida);
      return { status: 1 as const, resultado: result };
    },
  );
  app.post(
    '/sv/ventas/webhook/paypal',
    {
      ...acceso('webhook'),
      schema: {
        tags,
        summary: 'Notificación de pago de PayPal (firmada)',
        response: { 200: WebhookAnswerSchema },
      },
    },
    async (request) => {
      const result = await payments.onPaypalNotification({ headers: request.headers, body: request.body });
      if (result === 'refused') throw new AppError(401, mensajes.webhookFirmaInvalida);
      return { status: 1 as const, resultado: result };
    },
  );

  // ---- the shop team (ROLE_ADMIN, checked in the service) ----
  app.get(
    '/sv/api/admin/ventas/compras',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Las compras de todos los usuarios (administración)',
        response: { 200: ComprasAnswerSchema },
        querystring: ListadoComprasAdminQuerySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compras: await shop.adminCompras(request.usuario.userId, !request.query.todas),
    }),
  );
  app.get(
    '/sv/api/admin/ventas/configTienda',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Datos de pago (transferencia, local) y reglas de las compras impagas (administración)',
        response: { 200: ConfigTiendaAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      config: await shop.configTienda(request.usuario.userId),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/configTienda',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Guarda los datos de pago y las reglas de las compras impagas (administración)',
        response: { 200: ConfigTiendaAnswerSchema },
        body: ConfigTiendaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      config: await shop.guardarConfigTienda(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/confirmarPago',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Confirma el pago de una compra (administración)',
        response: { 200: CompraAnswerSchema },
        body: ConfirmarPagoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.confirmarPago(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/enviar',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Marca una compra como enviada (administración)',
        response: { 200: CompraAnswerSchema },
        body: EnviarCompraInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.enviar(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/entregar',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Marca una compra como entregada (administración)',
        response: { 200: CompraAnswerSchema },
        body: CompraIdInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.entregar(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/ventas/cancelar',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Cancela una compra (administración)',
        response: { 200: CompraAnswerSchema },
        body: CancelarCompraInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      compra: await shop.cancelar(request.usuario.userId, request.body),
    }),
  );
}
