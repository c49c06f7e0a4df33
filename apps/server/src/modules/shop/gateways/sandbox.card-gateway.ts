import { randomBytes, randomUUID } from 'node:crypto';
import { luhnValido } from '@nexo/contracts';
import {
  type CardGateway,
  type CardPayment,
  type CardPaymentRequest,
  type CardSubscription,
  GatewayNotFoundError,
  type PreferenceRequest,
  type SubscriptionCharge,
  type VerifiedNotification,
} from './gateway.js';
import { signMercadoPago, verifyMercadoPagoSignature } from './mercadopago.signature.js';

/**
 * MercadoPago's published test cards (by their first six digits): the sandbox accepts these and
 * refuses any other number as the real gateway's card lookup would.
 */
export const sandboxCards: ReadonlyArray<{
  bin: string;
  id: string;
  name: string;
  type: string;
  cvvLength: number;
}> = [
  { bin: '503175', id: 'master', name: 'Mastercard', type: 'credit_card', cvvLength: 3 },
  { bin: '450995', id: 'visa', name: 'Visa', type: 'credit_card', cvvLength: 3 },
  { bin: '371180', id: 'amex', name: 'American Express', type: 'credit_card', cvvLength: 4 },
  { bin: '517562', id: 'debmaster', name: 'Mastercard Débito', type: 'debit_card', cvvLength: 3 },
  { bin: '400276', id: 'debvisa', name: 'Visa Débito', type: 'debit_card', cvvLength: 3 },
];

/**
 * The outcome the cardholder name asks for (MercadoPago's sandbox convention): APRO approves,
 * CONT stays pending and is approved a moment later, the others reject with their reason.
 */
const outcomes: Record<string, { status: CardPayment['status']; statusDetail: string }> = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  CONT: { status: 'pending', statusDetail: 'pending_contingency' },
  OTHE: { status: 'rejected', statusDetail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other' },
};

/** The gateway's fee the sandbox takes, so montoFinalRecibido differs from the amount as it would. */
export const sandboxFeeRate = 0.0499;

export interface CardTokenRequest {
  card_number?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
  security_code?: unknown;
  cardholder?: { name?: unknown; identification?: { type?: unknown; number?: unknown } };
}

/** A tokenization refusal in MercadoPago's shape: `cause[].code` is what the card form maps (spec 2 §8). */
export interface CardTokenError {
  message: string;
  status: 400;
  cause: Array<{ code: string; description: string }>;
}

interface StoredToken {
  bin: string;
  holder: string;
  used: boolean;
}

/**
 * The built-in card gateway used whenever MercadoPago has no credentials: tokenization of the test
 * cards with MercadoPago's error codes, payments whose outcome the cardholder name chooses, and
 * notifications delivered asynchronously, signed as MercadoPago signs them, through `deliver` (the
 * shop's own webhook route). State lives in memory: it is a test double for one process.
 */
export function createSandboxCardGateway(options: {
  secret: string;
  /** Posts a signed notification to the shop's webhook; wired after the routes exist. */
  deliver?: (notification: {
    headers: Record<string, string>;
    query: Record<string, string>;
    body: unknown;
  }) => Promise<void>;
  /** Delay before a notification is delivered (and before a pending payment is approved). */
  delayMs?: number;
  now?: () => number;
}): CardGateway & {
  createCardToken(request: CardTokenRequest): { id: string } | CardTokenError;
  paymentMethods(
    bin: string,
  ): Array<{ id: string; name: string; payment_type_id: string; issuer: { id: number; name: string } }>;
  setDeliver(deliver: NonNullable<Parameters<typeof createSandboxCardGateway>[0]['deliver']>): void;
  /** Waits for notifications already scheduled (tests). */
  idle(): Promise<void>;
  /** Charges a subscription's next period and notifies it, as MercadoPago does each period (tests). */
  renewSubscription(id: string): void;
} {
  const now = options.now ?? Date.now;
  const delayMs = options.delayMs ?? 300;
  const tokens = new Map<string, StoredToken>();
  const payments = new Map<string, CardPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const subscriptions = new Map<string, CardSubscription & { amount: number; currency: string }>();
  const charges = new Map<string, SubscriptionCharge>();
  const pending = new Set<Promise<void>>();
  let deliver = options.deliver;
  let sequence = 1_000_000 + Math.floor(Math.random() * 1_000_000);

  function later(task: () => Promise<void>) {
    const promise = new Promise<void>((resolve) => {
      setTimeout(() => {
        task()
          .catch(() => undefined)
          .finally(resolve);
      }, delayMs).unref?.();
    });
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  }

  function notify(dataId: string, type: VerifiedNotification['type'] = 'payment') {
    later(async () => {
      if (!deliver) return;
      const requestId = randomUUID();
      const ts = now();
      await deliver({
        headers: {
          'x-signature': signMercadoPago({ dataId, requestId, ts, secret: options.secret }),
          'x-request-id': requestId,
        },
        query: { 'data.id': dataId, type },
        body: { action: `${type}.updated`, type, data: { id: dataId } },
      });
    });
  }

  function newPayment(amount: number, currency: string, externalReference: string | null): CardPayment {
    sequence += 1;
    const payment: CardPayment = {
      id: String(sequence),
      status: 'approved',
      statusDetail: 'accredited',
      externalReference,
      amount,
      netReceived: Math.round(amount * (1 - sandboxFeeRate) * 100) / 100,
      currency,
    };
    payments.set(payment.id, payment);
    return payment;
  }

  /** One period of a subscription: an approved payment, notified as an authorized payment. */
  function charge(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (subscription?.status !== 'authorized') return;
    const payment = newPayment(subscription.amount, subscription.currency, subscription.externalReference);
    const id = `AP-${payment.id}`;
    charges.set(id, { id, subscriptionId, payment });
    notify(id, 'subscription_authorized_payment');
  }

  function cardOf(bin: string) {
    return sandboxCards.find((card) => card.bin === bin) ?? null;
  }

  return {
    name: 'sandbox',
    modoPrueba: true,
    publicKey: null,

    createCardToken(request) {
      const cause: CardTokenError['cause'] = [];
      const number = String(request.card_number ?? '').replace(/\s+/g, '');
      const month = Number(request.expiration_month);
      const yearRaw = String(request.expiration_year ?? '');
      const year = Number(yearRaw.length === 2 ? `20${yearRaw}` : yearRaw);
      const code = String(request.security_code ?? '');
      const name = String(request.cardholder?.name ?? '').trim();
      const docNumber = String(request.cardholder?.identification?.number ?? '');
      const card = cardOf(number.slice(0, 6));
      if (!/^\d{13,19}$/.test(number) || !luhnValido(number) || !card)
        cause.push({ code: 'E301', description: 'invalid card_number' });
      if (!Number.isInteger(month) || month < 1 || month > 12)
        cause.push({ code: '325', description: 'invalid expiration_month' });
      const today = new Date(now());
      if (
        !Number.isInteger(year) ||
        year < today.getUTCFullYear() ||
        year > today.getUTCFullYear() + 20 ||
        (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
      )
        cause.push({ code: '326', description: 'invalid expiration_year' });
      if (!/^\d+$/.test(code) || code.length !== (card?.cvvLength ?? 3))
        cause.push({ code: 'E302', description: 'invalid security_code' });
      if (!/^[\p{L} .'-]{2,100}$/u.test(name))
        cause.push({ code: '316', description: 'invalid cardholder name' });
      if (!/^\d{7,9}$/.test(docNumber))
        cause.push({ code: '324', description: 'invalid identification number' });
      if (cause.length > 0) return { message: 'invalid parameters', status: 400, cause };
      const id = randomBytes(16).toString('hex');
      tokens.set(id, {
        bin: number.slice(0, 6),
        holder: name.split(/\s+/)[0]?.toUpperCase() ?? '',
        used: false,
      });
      return { id };
    },

    paymentMethods(bin) {
      const card = cardOf(bin.slice(0, 6));
      if (!card) return [];
      return [
        {
          id: card.id,
          name: card.name,
          payment_type_id: card.type,
          issuer: { id: 1, name: 'Banco de prueba' },
        },
      ];
    },

    setDeliver(next) {
      deliver = next;
    },

    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    async pay(request: CardPaymentRequest): Promise<CardPayment> {
      const known = byIdempotencyKey.get(request.idempotencyKey);
      if (known) return payments.get(known) as CardPayment;
      const token = tokens.get(request.token);
      const outcome =
        !token || token.used
          ? { status: 'rejected' as const, statusDetail: 'cc_rejected_invalid_token' }
          : ((outcomes[token.holder] ?? outcomes.APRO) as {
              status: CardPayment['status'];
              statusDetail: string;
            });
      if (token) token.used = true;
      sequence += 1;
      const payment: CardPayment = {
        id: String(sequence),
        status: outcome.status,
        statusDetail: outcome.statusDetail,
        externalReference: request.externalReference,
        amount: request.amount,
        netReceived: Math.round(request.amount * (1 - sandboxFeeRate) * 100) / 100,
        currency: request.currency,
      };
      payments.set(payment.id, payment);
      byIdempotencyKey.set(request.idempotencyKey, payment.id);
      if (payment.status === 'pending') {
        // The contingency clears a moment later, and MercadoPago notifies the change.
        later(async () => {
          payments.set(payment.id, { ...payment, status: 'approved', statusDetail: 'accredited' });
        });
      }
      notify(payment.id);
      return payment;
    },

    async getPayment(id: string): Promise<CardPayment> {
      const payment = payments.get(id);
      if (!payment) throw new GatewayNotFoundError(`pago ${id} desconocido en el sandbox`);
      return payment;
    },

    async subscribe(request) {
      const token = tokens.get(request.token);
      const outcome = token && !token.used ? (outcomes[token.holder] ?? outcomes.APRO) : undefined;
      if (token) token.used = true;
      const id = `PA-${randomBytes(8).toString('hex')}`;
      const approved = outcome !== undefined && outcome.status !== 'rejected';
      const subscription = {
        id,
        status: approved ? ('authorized' as const) : ('cancelled' as const),
        externalReference: request.externalReference,
        amount: request.amount,
        currency: request.currency,
      };
      subscriptions.set(id, subscription);
      // MercadoPago charges the first period right away and notifies it.
      if (approved) charge(id);
      return { id, status: subscription.status, externalReference: subscription.externalReference };
    },

    renewSubscription(id) {
      charge(id);
    },

    async getSubscription(id) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new GatewayNotFoundError(`suscripción ${id} desconocida en el sandbox`);
      return { id, status: subscription.status, externalReference: subscription.externalReference };
    },

    async getSubscriptionCharge(id) {
      const found = charges.get(id);
      if (!found) throw new GatewayNotFoundError(`cobro ${id} desconocido en el sandbox`);
      return found;
    },

    async setSubscriptionActive(id, active) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`suscripción ${id} desconocida en el sandbox`);
      subscription.status = active ? 'authorized' : 'paused';
    },

    async createPreference(_request: PreferenceRequest) {
      return { id: `SANDBOX-PREF-${randomUUID()}` };
    },

    verifyNotification(input): VerifiedNotification | null {
      return verifyMercadoPagoSignature({ ...input, secret: options.secret, now: now() });
    },
  };
}

export type SandboxCardGateway = ReturnType<typeof createSandboxCardGateway>;
