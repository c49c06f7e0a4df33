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
import SockJS from 'sockjs-client';
import { api } from '../api/httpClient';
import { sessionStore } from '../api/sessionStore';

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
 * The tab's one STOMP connection (SockJS at /sv/stomp, spec 1 §7). It authenticates with the
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

  /** A valid access token, refreshed through the http client (401 → refresh) when it has expired. */
  private async token(): Promise<string | null> {
    const session = sessionStore.get();
    if (!session) return null;
    if (this.forceRefresh || session.expiresAt <= Date.now() + 5_000) {
      this.forceRefresh = false;
      try {
        await api.get('/api/usuario/');
      } catch {
        // The http client already dropped the session if the refresh failed.
      }
    }
    return sessionStore.get()?.access_token ?? null;
  }

  private connect(): void {
    if (this.stopped) return;
    this.setState('conectando');
    const client = new Client({
      webSocketFactory: () => new SockJS(this.url),
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
      this.active.clear();
      this.confirmed.clear();
      this.setState('desconectado');
      this.retries += 1;
      const delay = tiempos.socketReintentoMs * this.retries;
      void client.deactivate().finally(() => {
        if (this.client !== client || this.stopped) return;
        this.reconnectTimer = setTimeout(() => this.connect(), delay);
      });
    };
    this.client = client;
    client.activate();
  }
}

/** The tab's connection, created on first use. */
let shared: RealtimeConnection | null = null;
export function realtimeConnection(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}
