import { Invoice, MercadoPagoConfig, Payment, PreApproval, Preference } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  type CardGateway,
  type CardPayment,
  type CardSubscription,
  GatewayNotFoundError,
  GatewayUnavailableError,
  providerStatusOf,
  type VerifiedNotification,
} from './gateway.js';
import { verifyMercadoPagoSignature } from './mercadopago.signature.js';

/** MercadoPago's payment statuses mapped to the three the shop acts on. */
function statusOf(status: string | undefined): CardPayment['status'] {
  if (status === 'approved') return 'approved';
  if (status === 'pending' || status === 'in_process' || status === 'authorized') return 'pending';
  return 'rejected';
}

interface MercadoPagoPaymentResponse {
  id?: number | string;
  status?: string;
  status_detail?: string;
  external_reference?: string | null;
  transaction_amount?: number;
  currency_id?: string;
  transaction_details?: { net_received_amount?: number };
}

function toSubscription(response: {
  id?: string;
  status?: string;
  external_reference?: string | null;
}): CardSubscription {
  const status = response.status;
  return {
    id: response.id ?? '',
    status: status === 'authorized' || status === 'paused' || status === 'cancelled' ? status : 'pending',
    externalReference: response.external_reference ?? null,
  };
}

function toCardPayment(response: MercadoPagoPaymentResponse): CardPayment {
  const amount = Number(response.transaction_amount ?? 0);
  return {
    id: String(response.id ?? ''),
    status: statusOf(response.status),
    statusDetail: response.status_detail ?? response.status ?? '',
    externalReference: response.external_reference ?? null,
    amount,
    netReceived: Number(response.transaction_details?.net_received_amount ?? amount),
    currency: response.currency_id ?? '',
  };
}

/**
 * The card gateway on MercadoPago, through its official SDK: card-token payments (the web's card
 * form tokenizes with MercadoPago.js and the public key, so card data never reaches Nexo), checkout
 * preferences for product purchases, and webhook signatures checked with MERCADOPAGO_WEBHOOK_SECRET.
 */
export function createMercadoPagoGateway(options: {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
  /** Only a test's local fake of the REST API sets it. */
  apiRoot?: string | undefined;
  timeoutMs?: number;
}): CardGateway {
  // The SDK reads its REST root from a static; it is only ever changed to point at a local fake.
  if (options.apiRoot) (AppConfig as { BASE_URL: string }).BASE_URL = options.apiRoot;
  const client = new MercadoPagoConfig({
    accessToken: options.accessToken,
    options: { timeout: options.timeoutMs ?? 10_000 },
  });
  const payments = new Payment(client);
  const preferences = new Preference(client);
  const preapprovals = new PreApproval(client);
  const invoices = new Invoice(client);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // An unknown id is the caller's mistake (a 4xx here), not the provider being down.
      if (providerStatusOf(error) === 404)
        throw new GatewayNotFoundError(`MercadoPago no conoce el recurso de ${what}`, error);
      throw new GatewayUnavailableError(`MercadoPago no respondió a ${what}`, error);
    }
  }

  return {
    name: 'mercadopago',
    modoPrueba: false,
    publicKey: options.publicKey,

    async pay(request) {
      const response = await call('la creación del pago', () =>
        payments.create({
          body: {
            transaction_amount: request.amount,
            token: request.token,
            description: request.description,
            installments: request.installments,
            payment_method_id: request.paymentMethodId,
            ...(request.issuerId ? { issuer_id: Number(request.issuerId) } : {}),
            external_reference: request.externalReference,
            ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
            payer: {
              email: request.payer.email,
              identification: { type: request.payer.docType, number: request.payer.docNumber },
            },
          },
          requestOptions: { idempotencyKey: request.idempotencyKey },
        }),
      );
      return toCardPayment(response as MercadoPagoPaymentResponse);
    },

    async getPayment(id) {
      const response = await call('la consulta del pago', () => payments.get({ id }));
      return toCardPayment(response as MercadoPagoPaymentResponse);
    },

    async createPreference(request) {
      const response = await call('la creación de la preferencia', () =>
        preferences.create({
          body: {
            items: request.items.map((item) => ({
              id: item.id,
              title: item.title,
              quantity: item.quantity,
              unit_price: item.unitPrice,
              currency_id: request.currency,
            })),
            external_reference: request.externalReference,
            ...(request.payerEmail ? { payer: { email: request.payerEmail } } : {}),
            ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
            ...(request.backUrl
              ? {
                  back_urls: { success: request.backUrl, pending: request.backUrl, failure: request.backUrl },
                }
              : {}),
          },
          requestOptions: { idempotencyKey: request.idempotencyKey },
        }),
      );
      if (!response.id) throw new GatewayUnavailableError('MercadoPago no devolvió la preferencia');
      return { id: response.id };
    },

    async subscribe(request) {
      const response = await call('la creación de la suscripción', () =>
        preapprovals.create({
          body: {
            reason: request.reason,
            external_reference: request.externalReference,
            payer_email: request.payerEmail,
            card_token_id: request.token,
            auto_recurring: {
              frequency: request.months,
              frequency_type: 'months',
              transaction_amount: request.amount,
              currency_id: request.currency,
            },
            ...(request.backUrl ? { back_url: request.backUrl } : {}),
            status: 'authorized',
          },
          requestOptions: { idempotencyKey: request.idempotencyKey },
        }),
      );
      return toSubscription(response);
    },

    async getSubscription(id) {
      return toSubscription(await call('la consulta de la suscripción', () => preapprovals.get({ id })));
    },

    async getSubscriptionCharge(id) {
      const invoice = await call('la consulta del cobro', () => invoices.get({ id }));
      const paymentId = invoice.payment?.id;
      return {
        id: String(invoice.id ?? id),
        subscriptionId: invoice.preapproval_id ?? '',
        // The charge names its payment; the payment itself says whether it was approved.
        payment: paymentId
          ? toCardPayment(
              (await call('la consulta del pago', () =>
                payments.get({ id: String(paymentId) }),
              )) as MercadoPagoPaymentResponse,
            )
          : null,
      };
    },

    async setSubscriptionActive(id, active) {
      await call('el cambio de la suscripción', () =>
        preapprovals.update({ id, body: { status: active ? 'authorized' : 'paused' } }),
      );
    },

    verifyNotification(input): VerifiedNotification | null {
      return verifyMercadoPagoSignature({ ...input, secret: options.webhookSecret });
    },
  };
}
