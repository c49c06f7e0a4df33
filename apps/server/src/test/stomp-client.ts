import { Client, type IFrame, type IMessage, type StompHeaders } from '@stomp/stompjs';
import SockJS from 'sockjs-client';

/** A real @stomp/stompjs client over sockjs-client, as the browser uses it, for protocol tests. */
export interface TestStomp {
  client: Client;
  messages: { destination: string; body: unknown; headers: StompHeaders }[];
  errors: IFrame[];
  /** Subscribes; the promise resolves when the server confirmed it with a RECEIPT. */
  subscribe(destination: string): Promise<void>;
  /** Resolves with the first message on the destination matching the predicate. */
  waitFor(
    destination: string,
    predicate?: (body: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  waitForError(timeoutMs?: number): Promise<IFrame>;
  close(): Promise<void>;
}

export async function connectStomp(
  baseUrl: string,
  token: string | null,
  options: { heartbeatMs?: number } = {},
): Promise<TestStomp> {
  const messages: TestStomp['messages'] = [];
  const errors: IFrame[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const client = new Client({
    webSocketFactory: () =>
      new SockJS(`${baseUrl}/sv/stomp`, null, { transports: ['websocket', 'xhr-streaming', 'xhr-polling'] }),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeatMs ?? 0,
    heartbeatOutgoing: options.heartbeatMs ?? 0,
    debug: () => {},
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      errors.push(frame);
      notify();
      reject(new Error(frame.headers.message ?? 'ERROR'));
    };
    client.onWebSocketClose = () => {
      notify();
      reject(new Error('closed'));
    };
  });
  client.activate();
  await connected;
  client.onStompError = (frame) => {
    errors.push(frame);
    notify();
  };

  const stomp: TestStomp = {
    client,
    messages,
    errors,
    subscribe(destination) {
      const receipt = `sub-${Math.random().toString(16).slice(2)}`;
      const confirmed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(
        destination,
        (message: IMessage) => {
          messages.push({ destination, body: JSON.parse(message.body), headers: message.headers });
          notify();
        },
        { receipt },
      );
      return confirmed;
    },
    waitFor(destination, predicate = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(
            (m) => m.destination === destination && predicate(m.body as Record<string, unknown>),
          );
          if (found) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(found.body as Record<string, unknown>);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`sin mensaje en ${destination}: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    waitForError(timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = errors[0];
          if (found) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => reject(new Error('sin ERROR')), timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async close() {
      await client.deactivate();
    },
  };
  return stomp;
}
