/**
 * The payment gateways behind one interface each: the card gateway (MercadoPago or its sandbox)
 * and PayPal subscriptions (PayPal or its sandbox). The service never learns which one it talks to,
 * except for `modoPrueba`, which the web shows as 'modo de prueba'.
 */

/** A provider payment as the service needs it; the provider's own statuses are mapped here. */
export interface CardPayment {
  /** The provider's payment id (unique per provider). */
  id: string;
  status: 'approved' | 'pending' | 'rejected';
  /** The provider's reason (cc_rejected_insufficient_amount, pending_contingency…). */
  statusDetail: string;
  /** The purchase id we sent as external_reference. */
  externalReference: string | null;
  amount: number;
  /** What reaches the account after the provider's fees. */
  netReceived: number;
  currency: string;
}

export interface CardPaymentRequest {
  amount: number;
  currency: string;
  token: string;
  paymentMethodId: string;
  issuerId: string | null;
  installments: number;
  description: string;
  /** The purchase id: the provider hands it back in every notification. */
  externalReference: string;
  payer: { email: string; docType: string; docNumber: string };
  /** Retries of one purchase payment never charge twice. */
  idempotencyKey: string;
  notificationUrl: string | null;
}

export interface PreferenceRequest {
  externalReference: string;
  items: Array<{ id: string; title: string; quantity: number; unitPrice: number }>;
  currency: string;
  payerEmail: string | null;
  notificationUrl: string | null;
  backUrl: string | null;
  idempotencyKey: string;
}

/**
 * What a webhook says, once its signature is checked: which object to read again. `payment` is a
 * one-off payment; `subscription_authorized_payment` one charge of a subscription (its invoice);
 * `subscription_preapproval` the subscription itself (paused, cancelled).
 */
export interface VerifiedNotification {
  /** Unique per delivery attempt of one event. */
  notificationId: string;
  type: 'payment' | 'subscription_authorized_payment' | 'subscription_preapproval';
  dataId: string;
}

/** A card subscription (MercadoPago preapproval): the provider charges every `months` months. */
export interface CardSubscriptionRequest {
  amount: number;
  currency: string;
  months: number;
  token: string;
  payerEmail: string;
  reason: string;
  externalReference: string;
  idempotencyKey: string;
  backUrl: string | null;
}

export interface CardSubscription {
  id: string;
  status: 'authorized' | 'pending' | 'paused' | 'cancelled';
  externalReference: string | null;
}

/** One charge of a card subscription, with the payment it produced. */
export interface SubscriptionCharge {
  id: string;
  subscriptionId: string;
  payment: CardPayment | null;
}

export interface CardGateway {
  /** `deshabilitado`: no credentials and no sandbox allowed (production without PAYMENTS_SANDBOX). */
  readonly name: 'mercadopago' | 'sandbox' | 'deshabilitado';
  readonly modoPrueba: boolean;
  /** The public key the web's card form tokenizes with; null in the sandbox. */
  readonly publicKey: string | null;
  pay(request: CardPaymentRequest): Promise<CardPayment>;
  getPayment(id: string): Promise<CardPayment>;
  /** A checkout preference for a product purchase (refMercadoPago). */
  createPreference(request: PreferenceRequest): Promise<{ id: string }>;
  /** A subscription charged by the provider every period with the tokenized card. */
  subscribe(request: CardSubscriptionRequest): Promise<CardSubscription>;
  getSubscription(id: string): Promise<CardSubscription>;
  /** One charge of a subscription (MercadoPago's authorized payment). */
  getSubscriptionCharge(id: string): Promise<SubscriptionCharge>;
  /** Cancellation requested: no more charges (paused); reactivation resumes them. */
  setSubscriptionActive(id: string, active: boolean): Promise<void>;
  /**
   * Checks a webhook's signature and age. Returns null when it is forged, stale or not about a
   * payment; never throws for bad input.
   */
  verifyNotification(input: {
    headers: Record<string, string | string[] | undefined>;
    query: Record<string, unknown>;
    body: unknown;
  }): VerifiedNotification | null;
}

export interface PaypalSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  planId: string;
  /** Billing cycles paid so far: each one is a payment applied once. */
  cyclesCompleted: number;
  lastPayment: { amount: number; currency: string; time: string } | null;
}

export interface PaypalGateway {
  readonly name: 'paypal' | 'sandbox' | 'deshabilitado';
  readonly modoPrueba: boolean;
  readonly clientId: string | null;
  getSubscription(id: string): Promise<PaypalSubscription>;
  /** Cancellation requested: PayPal stops charging (suspend), and reactivation resumes it. */
  suspend(id: string, reason: string): Promise<void>;
  activate(id: string, reason: string): Promise<void>;
  /** Checks a webhook; returns the event's id, type and subscription id, or null when not genuine. */
  verifyNotification(input: {
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }): Promise<{ eventId: string; eventType: string; subscriptionId: string | null } | null>;
}

/** Thrown when a provider cannot be reached or answers with an error we cannot map. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'GatewayUnavailableError';
  }
}

/** Thrown when the provider answers that the payment or subscription asked for does not exist there. */
export class GatewayNotFoundError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'GatewayNotFoundError';
  }
}

/** The HTTP status a provider SDK's error carries (PayPal: statusCode; MercadoPago: status), if any. */
export function providerStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
  const status = e.statusCode ?? e.status ?? e.response?.status;
  return typeof status === 'number' ? status : null;
}

export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
