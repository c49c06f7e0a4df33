import { Client, Environment, SubscriptionsController } from '@paypal/paypal-server-sdk';
import {
  GatewayNotFoundError,
  GatewayUnavailableError,
  headerValue,
  type PaypalGateway,
  type PaypalSubscription,
  providerStatusOf,
} from './gateway.js';
import { paypalEventOf } from './sandbox.paypal-gateway.js';

const statuses: ReadonlyArray<PaypalSubscription['status']> = [
  'APPROVAL_PENDING',
  'APPROVED',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
];

/**
 * PayPal subscriptions through the official server SDK: the web's PayPal button creates the
 * subscription on a plan (idSuscripcionPaypal*), the server reads it back before granting anything,
 * suspends and reactivates it with cancellation requests, and verifies each webhook with PayPal's
 * verify-webhook-signature call (PAYPAL_WEBHOOK_ID).
 */
export function createPaypalGateway(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'production';
  /**
   * Only a test's local fake sets it. The SDK has no base-URL option, so its HTTP client (axios)
   * gets a fetch that sends PayPal's URLs to the fake instead.
   */
  apiRoot?: string | undefined;
  timeoutMs?: number;
}): PaypalGateway {
  const environment = options.environment === 'production' ? Environment.Production : Environment.Sandbox;
  const restRoot =
    environment === Environment.Production ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
  const fake = options.apiRoot ? options.apiRoot.replace(/\/$/, '') : null;
  const toFake = (url: string) => (fake ? url.replace(restRoot, fake) : url);
  const fakeFetch: typeof fetch = (input, init) => {
    if (input instanceof Request) return fetch(new Request(toFake(input.url), input), init);
    return fetch(toFake(String(input)), init);
  };
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment,
    timeout: options.timeoutMs ?? 10_000,
    ...(fake
      ? {
          unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: fakeFetch } },
        }
      : {}),
  });
  const subscriptions = new SubscriptionsController(client);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // An unknown id is the caller's mistake (a 4xx here), not the provider being down.
      if (providerStatusOf(error) === 404)
        throw new GatewayNotFoundError(`PayPal no conoce el recurso de ${what}`, error);
      throw new GatewayUnavailableError(`PayPal no respondió a ${what}`, error);
    }
  }

  return {
    name: 'paypal',
    modoPrueba: options.environment === 'sandbox',
    clientId: options.clientId,

    async getSubscription(id) {
      const { result } = await call('la consulta de la suscripción', () =>
        subscriptions.getSubscription({ id }),
      );
      const status = statuses.find((s) => s === result.status) ?? 'APPROVAL_PENDING';
      const regular = result.billingInfo?.cycleExecutions?.find((cycle) => cycle.tenureType === 'REGULAR');
      const last = result.billingInfo?.lastPayment;
      return {
        id: result.id ?? id,
        status,
        planId: result.planId ?? '',
        cyclesCompleted: regular?.cyclesCompleted ?? 0,
        lastPayment:
          last?.amount && last.time
            ? { amount: Number(last.amount.value), currency: last.amount.currencyCode, time: last.time }
            : null,
      };
    },

    async suspend(id, reason) {
      await call('la suspensión', () => subscriptions.suspendSubscription({ id, body: { reason } }));
    },

    async activate(id, reason) {
      await call('la reactivación', () => subscriptions.activateSubscription({ id, body: { reason } }));
    },

    async verifyNotification({ headers, body }) {
      const event = paypalEventOf(body);
      const fields = {
        transmission_id: headerValue(headers, 'paypal-transmission-id'),
        transmission_time: headerValue(headers, 'paypal-transmission-time'),
        cert_url: headerValue(headers, 'paypal-cert-url'),
        auth_algo: headerValue(headers, 'paypal-auth-algo'),
        transmission_sig: headerValue(headers, 'paypal-transmission-sig'),
      };
      if (!event || Object.values(fields).some((value) => !value)) return null;
      const token = await call('la autenticación', () => client.clientCredentialsAuthManager.fetchToken());
      const url = `${restRoot}/v1/notifications/verify-webhook-signature`;
      const response = await call('la verificación del webhook', async () => {
        const request = {
          method: 'POST',
          headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...fields, webhook_id: options.webhookId, webhook_event: body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        };
        return fetch(toFake(url), request);
      });
      if (!response.ok) return null;
      const answer = (await response.json()) as { verification_status?: string };
      return answer.verification_status === 'SUCCESS' ? event : null;
    },
  };
}
