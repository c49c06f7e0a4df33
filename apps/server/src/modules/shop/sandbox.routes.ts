import {
  campoErrorTarjeta,
  erroresTarjeta,
  mensajes,
  SandboxCardTokenAnswerSchema,
  SandboxPaymentMethodsAnswerSchema,
  SandboxPaypalAnswerSchema,
  SandboxPaypalInputSchema,
} from '@nexo/contracts';
import { z } from 'zod';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { tag } from '../../platform/http/openapi.js';
import type { SandboxCardGateway } from './gateways/sandbox.card-gateway.js';
import type { SandboxPaypalGateway } from './gateways/sandbox.paypal-gateway.js';
import { paypalPlanId, planPrice, type ShopService } from './shop.service.js';

const CardTokenBodySchema = z.object({}).passthrough();
const BinQuerySchema = z.object({
  bin: z.string().regex(/^\d{6,8}$/, { error: mensajes.tarjetaNoEncontrada }),
});

/**
 * What the provider's browser SDKs do, when the shop runs on its sandbox gateways: card
 * tokenization and card lookup (MercadoPago.js) and the subscription PayPal's button creates.
 * Registered only in sandbox mode; they need a session, so nobody else fills the sandbox's memory.
 */
export function registerSandboxRoutes(
  app: HttpApp,
  gateways: { card: SandboxCardGateway | null; paypal: SandboxPaypalGateway | null },
  shop: ShopService,
): void {
  const tags = tag('tienda');
  const { card, paypal } = gateways;
  if (card) {
    app.post(
      '/sv/api/ventas/sandbox/card_tokens',
      {
        ...acceso('sesion'),
        schema: {
          tags,
          summary: 'Modo de prueba: tokeniza una tarjeta como MercadoPago.js',
          response: { 200: SandboxCardTokenAnswerSchema },
          body: CardTokenBodySchema,
        },
      },
      async (request) => {
        const result = card.createCardToken(request.body);
        if ('cause' in result) {
          const errores = result.cause.map((c) => ({
            campo: campoErrorTarjeta[c.code] ?? 'cardNumber',
            mensaje: erroresTarjeta[c.code] ?? c.description,
          }));
          throw new AppError(
            400,
            errores[0]?.mensaje ?? mensajes.tarjetaNoEncontrada,
            result.cause[0]?.code ?? 1,
            errores,
          );
        }
        return { status: 1 as const, id: result.id };
      },
    );
    app.get(
      '/sv/api/ventas/sandbox/payment_methods',
      {
        ...acceso('sesion'),
        schema: {
          tags,
          summary: 'Modo de prueba: el medio de pago de un BIN de tarjeta',
          response: { 200: SandboxPaymentMethodsAnswerSchema },
          querystring: BinQuerySchema,
        },
      },
      async (request) => {
        const results = card.paymentMethods(request.query.bin);
        if (results.length === 0) throw badRequest(mensajes.tarjetaNoEncontrada);
        return { status: 1 as const, results };
      },
    );
  }
  if (paypal) {
    app.post(
      '/sv/api/ventas/sandbox/paypal/suscripcion',
      {
        ...acceso('sesion', [404]),
        schema: {
          tags,
          summary: 'Modo de prueba: crea la suscripción que crearía el botón de PayPal',
          response: { 200: SandboxPaypalAnswerSchema },
          body: SandboxPaypalInputSchema,
        },
      },
      async (request) => {
        const plan = await shop.planOf(request.body.idSuscripcion);
        const planId = paypalPlanId(plan, request.body.cantidadMeses, true);
        const amount = planPrice(plan, request.body.cantidadMeses, 'paypal');
        if (!planId || amount <= 0) throw badRequest(mensajes.planSinPaypal);
        return { status: 1 as const, subscriptionID: paypal.createSubscription({ planId, amount }).id };
      },
    );
  }
}
