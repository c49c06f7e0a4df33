/**
 * A delivery channel besides the in-app list: web push, e-mail, Telegram. The notifier stores
 * every notification in-app, then hands it to each channel the caller asked for, with a per-user
 * cooldown and retries; a channel only delivers and says how it went.
 */
export type DeliveryChannelKind = 'push' | 'mail' | 'telegram';

export interface OutgoingNotification {
  /** The stored notification's id. */
  id: number;
  titulo: string;
  /** Longer text for channels that show one (mail body, push body, Telegram message). */
  cuerpo: string;
  origen: { id: number };
  idRef: number | null;
  /** Absolute URL the notification opens (PUBLIC_URL + the route of its origin). */
  url: string;
}

export type DeliveryResult =
  /** Delivered (to at least one of the user's endpoints). */
  | { outcome: 'sent' }
  /** The user has nothing on this channel (no push subscription, no chat id): not an error. */
  | { outcome: 'skipped'; reason: string }
  /** Worth retrying later (network, 5xx, 429). */
  | { outcome: 'retry'; reason: string }
  /** Will never work (bad address); not retried. */
  | { outcome: 'failed'; reason: string };

export interface DeliveryChannel {
  readonly kind: DeliveryChannelKind;
  send(userId: number, notification: OutgoingNotification): Promise<DeliveryResult>;
}
