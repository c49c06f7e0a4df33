import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { GatewayNotFoundError, headerValue, type PaypalGateway, type PaypalSubscription } from './gateway.js';
import { notificationMaxAgeMs } from './mercadopago.signature.js';

/** The sandbox's webhook signature: HMAC-SHA256(secret, `<transmission id>|<time>|<body JSON>`). */
function signPaypal(secret: string, transmissionId: string, time: string, body: unknown): string {
  return createHmac('sha256', secret)
    .update(`${transmissionId}|${time}|${JSON.stringify(body)}`)
    .digest('hex');
}

/**
 * The built-in PayPal used whenever PayPal has no credentials. The web's sandbox button creates an
 * approved subscription here (what PayPal's button does), `renew` bills the next cycle and delivers
 * PAYMENT.SALE.COMPLETED as PayPal would, and suspend/activate follow cancellation requests.
 */
export function createSandboxPaypalGateway(options: {
  secret: string;
  deliver?: (notification: { headers: Record<string, string>; body: unknown }) => Promise<void>;
  now?: () => number;
}): PaypalGateway & {
  createSubscription(input: { planId: string; amount: number }): PaypalSubscription;
  renew(id: string): Promise<void>;
  setDeliver(deliver: NonNullable<Parameters<typeof createSandboxPaypalGateway>[0]['deliver']>): void;
} {
  const now = options.now ?? Date.now;
  const subscriptions = new Map<string, PaypalSubscription>();
  let deliver = options.deliver;

  function find(id: string): PaypalSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription)
      throw new GatewayNotFoundError(`suscripción ${id} desconocida en el sandbox de PayPal`);
    return subscription;
  }

  return {
    name: 'sandbox',
    modoPrueba: true,
    clientId: null,

    createSubscription({ planId, amount }) {
      const subscription: PaypalSubscription = {
        id: `I-SANDBOX${randomBytes(5).toString('hex').toUpperCase()}`,
        status: 'ACTIVE',
        planId,
        cyclesCompleted: 1,
        lastPayment: { amount, currency: 'USD', time: new Date(now()).toISOString() },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },

    async renew(id) {
      const subscription = find(id);
      subscription.cyclesCompleted += 1;
      subscription.lastPayment = {
        ...(subscription.lastPayment ?? { amount: 0, currency: 'USD' }),
        time: new Date(now()).toISOString(),
      };
      const body = {
        id: `WH-${randomUUID()}`,
        event_type: 'PAYMENT.SALE.COMPLETED',
        resource: { id: `SALE-${randomUUID()}`, billing_agreement_id: id },
      };
      const transmissionId = randomUUID();
      const time = new Date(now()).toISOString();
      await deliver?.({
        headers: {
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signPaypal(options.secret, transmissionId, time, body),
        },
        body,
      });
    },

    setDeliver(next) {
      deliver = next;
    },

    async getSubscription(id) {
      return { ...find(id) };
    },

    async suspend(id) {
      find(id).status = 'SUSPENDED';
    },

    async activate(id) {
      find(id).status = 'ACTIVE';
    },

    async verifyNotification({ headers, body }) {
      const transmissionId = headerValue(headers, 'paypal-transmission-id');
      const time = headerValue(headers, 'paypal-transmission-time');
      const signature = headerValue(headers, 'paypal-transmission-sig') ?? '';
      if (!transmissionId || !time || !/^[0-9a-f]{64}$/.test(signature)) return null;
      if (Math.abs(now() - Date.parse(time)) > notificationMaxAgeMs || Number.isNaN(Date.parse(time)))
        return null;
      const expected = Buffer.from(signPaypal(options.secret, transmissionId, time, body), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return paypalEventOf(body);
    },
  };
}

/** The fields of a PayPal webhook event the shop reads; null when the body is not one. */
export function paypalEventOf(
  body: unknown,
): { eventId: string; eventType: string; subscriptionId: string | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const event = body as {
    id?: unknown;
    event_type?: unknown;
    resource?: { id?: unknown; billing_agreement_id?: unknown };
  };
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return null;
  const resource = event.resource ?? {};
  const subscriptionId =
    typeof resource.billing_agreement_id === 'string'
      ? resource.billing_agreement_id
      : event.event_type.startsWith('BILLING.SUBSCRIPTION.') && typeof resource.id === 'string'
        ? resource.id
        : null;
  return { eventId: event.id, eventType: event.event_type, subscriptionId };
}

export type SandboxPaypalGateway = ReturnType<typeof createSandboxPaypalGateway>;
