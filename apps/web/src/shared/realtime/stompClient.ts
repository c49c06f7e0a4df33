import {
  type Destination,
  type DestinationKind,
  mensajes,
  parseDestination,
  type RealtimeEvent,
  type RealtimeEventMap,
  realtimeTipos,
  tiempos,
} from '@nexo/contracts';
import { Client, type IFrame, type StompSubscription } from '@stomp/stompjs';
import { currentAccessToken } from '../api/httpClient';

/** Hears only the events of its destination's kind (the contracts' `RealtimeEventMap`). */
export type RealtimeListener<K extends DestinationKind = DestinationKind> = (
  event: RealtimeEventMap[K],
  destination: Destination<K>,
) => void;
type FrameListener = (event: RealtimeEvent) => void;
export type ConnectionState = 'desconectado' | 'conectando' | 'conectado';

/** Whether an event belongs on a destination: its `tipo` is one of the destination kind's events. */
function carries(destination: string, event: RealtimeEvent): boolean {
  const kind = parseDestination(destination)?.kind;
  if (!kind) return false;
  return (realtimeTipos[kind] as readonly string[]).includes(event.tipo);
}

/**
 * SockJS's raw WebSocket endpoint (`<prefix>/websocket`, served by the same SockJS server): no
 * info request before the handshake and no SockJS client in the bundle.
 */
export function rawWebSocketUrl(path: string, page: string = window.location.href): string {
  const url = new URL(`${path}/websocket`, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

type SockJsConstructor = new (url: string) => WebSocket;

/**
 * The tab's one STOMP connection (SockJS at /sv/stomp, spec 1 §7). It speaks to SockJS's raw
 * WebSocket endpoint; when that WebSocket never opens in this tab (a proxy that refuses the
 * upgrade), it loads the SockJS client and uses its transports (HTTP streaming, polling) instead. It authenticates with the
 * stored access token, refreshing it first when it has expired; it reconnects after
 * 1 s × the retry count (spec 1 §4), re-subscribes every wanted topic, and tells its
 * listeners it reconnected so they refetch what they may have missed. Each destination hands its
 * listeners only the events of its kind; anything else is dropped (and counted in a debug line).
 */
export class RealtimeConnection {
  private client: Client | null = null;
  private readonly wanted = new Map<string, Set<FrameListener>>();
  private readonly active = new Map<string, StompSubscription>();
  /** Destinations whose SUBSCRIBE the server has confirmed (RECEIPT) on the current connection. */
  private readonly confirmed = new Set<string>();
  private readonly confirmedListeners = new Map<string, Set<() => void>>();
  private receiptSeq = 0;
  private readonly reconnectListeners = new Set<() => void>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private retries = 0;
  private dropped = 0;
  private everConnected = false;
  private stopped = true;
  private forceRefresh = false;
  /** Whether a raw WebSocket ever opened in this tab; until one does, a failed one means SockJS. */
  private rawWebSocketOpened = false;
  private sockJs: SockJsConstructor | null = null;
  private usesSockJs = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  state: ConnectionState = 'desconectado';

  constructor(private readonly url = '/sv/stomp') {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.active.clear();
    this.confirmed.clear();
    this.setState('desconectado');
    await client?.deactivate();
  }

  /** Listens to a destination for as long as the returned function is not called. */
  subscribe<K extends DestinationKind>(
    destination: Destination<K>,
    listener: RealtimeListener<K>,
  ): () => void {
    // subscribeNow lets through only events of the destination's kind, which is what K names.
    const frameListener: FrameListener = (event) => listener(event as RealtimeEventMap[K], destination);
    let listeners = this.wanted.get(destination);
    if (!listeners) {
      listeners = new Set();
      this.wanted.set(destination, listeners);
      this.subscribeNow(destination);
    }
    listeners.add(frameListener);
    return () => {
      const current = this.wanted.get(destination);
      if (!current) return;
      current.delete(frameListener);
      if (current.size > 0) return;
      this.wanted.delete(destination);
      this.active.get(destination)?.unsubscribe();
      this.active.delete(destination);
      this.confirmed.delete(destination);
    };
  }

  /**
   * Runs each time the server confirms the subscription to `destination` (on the first connection
   * and after every reconnect), and at once if it is confirmed already. A feature that loaded its
   * data over HTTP refetches here: anything published before the subscription took hold is not lost.
   */
  onSubscribed(destination: string, listener: () => void): () => void {
    let listeners = this.confirmedListeners.get(destination);
    if (!listeners) {
      listeners = new Set();
      this.confirmedListeners.set(destination, listeners);
    }
    listeners.add(listener);
    if (this.confirmed.has(destination)) queueMicrotask(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.confirmedListeners.delete(destination);
    };
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private subscribeNow(destination: string): void {
    const client = this.client;
    if (!client?.connected || this.active.has(destination)) return;
    const receipt = `sub-${++this.receiptSeq}`;
    client.watchForReceipt(receipt, () => {
      if (this.client !== client || !this.active.has(destination)) return;
      this.confirmed.add(destination);
      for (const listener of this.confirmedListeners.get(destination) ?? []) listener();
    });
    const subscription = client.subscribe(
      destination,
      (message) => {
        // The server builds every event from the contracts' schemas; here a message only has to be
        // an object with a tipo of the destination's kind (checked below), without loading zod.
        let event: RealtimeEvent;
        try {
          const body: unknown = JSON.parse(message.body);
          if (
            typeof body !== 'object' ||
            body === null ||
            typeof (body as { tipo?: unknown }).tipo !== 'string'
          )
            return;
          event = body as RealtimeEvent;
        } catch {
          return;
        }
        if (!carries(destination, event)) {
          this.dropped += 1;
          console.debug(`STOMP: ${event.tipo} no corresponde a ${destination} (${this.dropped} descartados)`);
          return;
        }
        for (const listener of this.wanted.get(destination) ?? []) listener(event);
      },
      { receipt },
    );
    this.active.set(destination, subscription);
  }

  /**
   * A valid access token: the one the http client holds, after the silent restore of a reloaded
   * page (CONNECT waits on that one refresh, started at boot), or renewed when it expired or the
   * server ended the session (a failed renewal drops the session, as for any call).
   */
  private async token(): Promise<string | null> {
    const renew = this.forceRefresh;
    this.forceRefresh = false;
    return currentAccessToken({ renew });
  }

  private connect(): void {
    if (this.stopped) return;
    this.setState('conectando');
    const sockJs = this.sockJs;
    if (this.usesSockJs && !sockJs) {
      // The fallback's code loads once, when first needed.
      import('sockjs-client').then(
        (module) => {
          this.sockJs = module.default as unknown as SockJsConstructor;
          this.connect();
        },
        () => this.scheduleReconnect(),
      );
      return;
    }
    const client = new Client({
      webSocketFactory: () => {
        if (this.usesSockJs && sockJs) return new sockJs(this.url);
        const socket = new WebSocket(rawWebSocketUrl(this.url));
        socket.addEventListener('open', () => {
          this.rawWebSocketOpened = true;
        });
        return socket;
      },
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      debug: () => {},
      beforeConnect: async (self) => {
        const token = await this.token();
        self.connectHeaders = token ? { Authorization: `Bearer ${token}` } : {};
      },
    });
    client.onConnect = () => {
      this.retries = 0;
      this.active.clear();
      this.confirmed.clear();
      this.setState('conectado');
      for (const destination of this.wanted.keys()) this.subscribeNow(destination);
      if (this.everConnected) for (const listener of this.reconnectListeners) listener();
      this.everConnected = true;
    };
    client.onStompError = (frame: IFrame) => {
      // An expired session ends with ERROR; refresh the token before the next attempt.
      if (
        frame.headers.message === mensajes.sesionExpirada ||
        frame.headers.message === mensajes.noAutenticado
      ) {
        this.forceRefresh = true;
      }
    };
    client.onWebSocketClose = () => {
      if (this.client !== client || this.stopped) return;
      if (!this.rawWebSocketOpened) this.usesSockJs = true;
      this.active.clear();
      this.confirmed.clear();
      this.setState('desconectado');
      void client.deactivate().finally(() => {
        if (this.client !== client || this.stopped) return;
        this.scheduleReconnect();
      });
    };
    this.client = client;
    client.activate();
  }

  /** The next attempt, 1 s × the number of failed attempts later (spec 1 §4). */
  private scheduleReconnect(): void {
    this.retries += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), tiempos.socketReintentoMs * this.retries);
  }
}

/** The tab's connection, created on first use. */
let shared: RealtimeConnection | null = null;
export function realtimeConnection(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}
