/**
 * Commands sent to sensors that the device has not confirmed yet. A widget shows its pending
 * state from the send until the device reports a value (sensor.valor) or the wait times out.
 */
type Listener = () => void;

export interface PendingCommand {
  valor: string;
  since: number;
}

/** After this long without a report the widget stops waiting (the device may never answer). */
export const PENDING_TIMEOUT_MS = 10_000;

const pending = new Map<number, PendingCommand>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const pendingCommands = {
  get(sensorId: number): PendingCommand | undefined {
    return pending.get(sensorId);
  },
  start(sensorId: number, valor: string): void {
    pending.set(sensorId, { valor, since: Date.now() });
    clearTimeout(timers.get(sensorId));
    timers.set(
      sensorId,
      setTimeout(() => pendingCommands.clear(sensorId), PENDING_TIMEOUT_MS),
    );
    emit();
  },
  clear(sensorId: number): void {
    clearTimeout(timers.get(sensorId));
    timers.delete(sensorId);
    if (pending.delete(sensorId)) emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
