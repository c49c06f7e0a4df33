/** What useAlerts shows: a text and its kind. */
export interface QueuedAlert {
  message: string;
  variant: 'success' | 'error' | 'info';
}

const waiting: QueuedAlert[] = [];
const listeners = new Set<() => void>();

/**
 * The alerts waiting to be shown. The snackbar library loads with the first alert (AlertsHost), so
 * no page downloads it before it has something to say.
 */
export const alertQueue = {
  push(alert: QueuedAlert): void {
    waiting.push(alert);
    for (const listener of listeners) listener();
  },
  /** Hands over the waiting alerts and forgets them. */
  take(): QueuedAlert[] {
    return waiting.splice(0);
  },
  hasWaiting: (): boolean => waiting.length > 0,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
