import { mensajes, type NotificacionEvent, topics } from '@nexo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for @stomp/stompjs's Client that the test drives by hand. */
class FakeClient {
  static instances: FakeClient[] = [];
  connected = false;
  connectHeaders: Record<string, string> = {};
  onConnect: () => void = () => {};
  onStompError: (frame: { headers: Record<string, string> }) => void = () => {};
  onWebSocketClose: () => void = () => {};
  subscriptions: string[] = [];
  handlers = new Map<string, (message: { body: string }) => void>();
  receipts = new Map<string, () => void>();
  receiptOf = new Map<string, string>();
  beforeConnect: (self: FakeClient) => Promise<void>;
  webSocketFactory: () => EventTarget & { url: string };
  socket: (EventTarget & { url: string }) | null = null;
  constructor(config: {
    beforeConnect: (self: FakeClient) => Promise<void>;
    webSocketFactory: () => EventTarget & { url: string };
  }) {
    this.beforeConnect = config.beforeConnect;
    this.webSocketFactory = config.webSocketFactory;
    FakeClient.instances.push(this);
  }
  activate() {}
  async deactivate() {}
  subscribe(
    destination: string,
    handler: (message: { body: string }) => void,
    headers: Record<string, string> = {},
  ) {
    this.subscriptions.push(destination);
    this.handlers.set(destination, handler);
    if (headers.receipt) this.receiptOf.set(destination, headers.receipt);
    return { unsubscribe: () => {} };
  }
  watchForReceipt(receipt: string, callback: () => void) {
    this.receipts.set(receipt, callback);
  }
  /** The server's RECEIPT for the SUBSCRIBE of `destination`. */
  confirm(destination: string) {
    const receipt = this.receiptOf.get(destination);
    if (receipt) this.receipts.get(receipt)?.();
  }
  /** The transport is created; `opens` says whether it reaches the server. */
  createSocket(opens = true) {
    this.socket = this.webSocketFactory();
    if (opens) this.socket.dispatchEvent(new Event('open'));
    return this.socket;
  }
  async open() {
    this.createSocket();
    await this.beforeConnect(this);
    this.connected = true;
    this.onConnect();
  }
  drop() {
    this.connected = false;
    this.onWebSocketClose();
  }
}

/** The http client's token source: the stored token, renewed when asked to. */
const tokenCalls: { renew?: boolean }[] = [];
vi.mock('@stomp/stompjs', () => ({ Client: FakeClient }));
/** The browser's WebSocket and the SockJS client: they only record the URL they were given. */
class FakeSocket extends EventTarget {
  constructor(readonly url: string) {
    super();
  }
}
class FakeSockJs extends FakeSocket {}
vi.stubGlobal('WebSocket', FakeSocket);
vi.mock('sockjs-client', () => ({ default: FakeSockJs }));
vi.mock('../api/httpClient', () => ({
  currentAccessToken: async (options: { renew?: boolean } = {}) => {
    tokenCalls.push(options);
    return options.renew ? 'token-2' : 'token-1';
  },
}));

const { RealtimeConnection } = await import('./stompClient');
const { sessionStore } = await import('../api/sessionStore');

function login(expiresInSeconds: number) {
  sessionStore.saveTokens({
    access_token: 'token-1',
    expires_in: expiresInSeconds,
    usuario: { id: 1 } as never,
  });
}

describe('RealtimeConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeClient.instances = [];
    tokenCalls.length = 0;
    login(900);
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('connects with the Bearer token, re-subscribes after a reconnect and tells listeners', async () => {
    const connection = new RealtimeConnection();
    const reconnected = vi.fn();
    connection.onReconnect(reconnected);
    connection.subscribe(topics.equipo(7), () => {});
    connection.start();
    const first = FakeClient.instances[0];
    await first?.open();
    expect(first?.connectHeaders).toEqual({ Authorization: 'Bearer token-1' });
    expect(first?.subscriptions).toEqual(['/topic/7']);
    expect(reconnected).not.toHaveBeenCalled();

    first?.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeClient.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeClient.instances[1];
    await second?.open();
    expect(second?.subscriptions).toEqual(['/topic/7']);
    expect(reconnected).toHaveBeenCalledTimes(1);
    await connection.stop();
  });

  it("tells a destination's listeners when the server confirms the subscription, again after a reconnect", async () => {
    const connection = new RealtimeConnection();
    const confirmed = vi.fn();
    connection.subscribe(topics.usuario(3), () => {});
    connection.onSubscribed(topics.usuario(3), confirmed);
    connection.start();
    const first = FakeClient.instances[0];
    await first?.open();
    expect(confirmed).not.toHaveBeenCalled();
    first?.confirm(topics.usuario(3));
    expect(confirmed).toHaveBeenCalledTimes(1);

    // A listener that joins later hears at once that it is confirmed.
    const late = vi.fn();
    connection.onSubscribed(topics.usuario(3), late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);

    first?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeClient.instances[1];
    await second?.open();
    // A RECEIPT of the old connection counts for nothing.
    first?.confirm(topics.usuario(3));
    expect(confirmed).toHaveBeenCalledTimes(1);
    second?.confirm(topics.usuario(3));
    expect(confirmed).toHaveBeenCalledTimes(2);
    await connection.stop();
  });

  it("speaks to SockJS's raw WebSocket, and falls back to the SockJS client when it never opens", async () => {
    const connection = new RealtimeConnection();
    connection.start();
    const first = FakeClient.instances[0];
    const raw = first?.createSocket(false);
    expect(raw).toBeInstanceOf(FakeSocket);
    expect(raw).not.toBeInstanceOf(FakeSockJs);
    expect(raw?.url).toBe(`ws://${window.location.host}/sv/stomp/websocket`);
    first?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(FakeClient.instances).toHaveLength(2));
    const fallback = FakeClient.instances[1]?.createSocket();
    expect(fallback).toBeInstanceOf(FakeSockJs);
    expect(fallback?.url).toBe('/sv/stomp');
    await connection.stop();
  });

  it('keeps the raw WebSocket after a drop once one has opened', async () => {
    const connection = new RealtimeConnection();
    connection.start();
    await FakeClient.instances[0]?.open();
    FakeClient.instances[0]?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    const next = FakeClient.instances[1]?.createSocket();
    expect(next).not.toBeInstanceOf(FakeSockJs);
    expect(next?.url).toMatch(/\/sv\/stomp\/websocket$/);
    await connection.stop();
  });

  it('waits 1 s × the retry count between attempts', async () => {
    const connection = new RealtimeConnection();
    connection.start();
    FakeClient.instances[0]?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeClient.instances).toHaveLength(2);
    FakeClient.instances[1]?.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeClient.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeClient.instances).toHaveLength(3);
    FakeClient.instances[2]?.drop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeClient.instances).toHaveLength(4);
    await connection.stop();
  });

  it('renews the token through the http client after an expired-session ERROR', async () => {
    const connection = new RealtimeConnection();
    connection.start();
    const first = FakeClient.instances[0];
    await first?.open();
    expect(tokenCalls).toEqual([{ renew: false }]);
    first?.onStompError({ headers: { message: mensajes.sesionExpirada } });
    first?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeClient.instances[1];
    await second?.open();
    expect(tokenCalls).toEqual([{ renew: false }, { renew: true }]);
    expect(second?.connectHeaders).toEqual({ Authorization: 'Bearer token-2' });
    await connection.stop();
  });

  it("hands a destination's listeners only the events of its kind", async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const connection = new RealtimeConnection();
    const heard: string[] = [];
    connection.subscribe(topics.equipo(7), (event) => heard.push(event.tipo));
    connection.start();
    const client = FakeClient.instances[0];
    await client?.open();
    const deliver = (event: object) => client?.handlers.get('/topic/7')?.({ body: JSON.stringify(event) });
    deliver({ tipo: 'equipo.estado', idEquipo: 7, conectado: true, fecha: 1 });
    deliver({
      tipo: 'notificacion',
      id: 1,
      titulo: 'Alerta',
      fecha: 1,
      leida: false,
      origen: { id: 1 },
      idRef: null,
    });
    deliver({ tipo: 'sensor.conexion', idEquipo: 7, idSensor: 70, conectado: false });
    expect(heard).toEqual(['equipo.estado', 'sensor.conexion']);
    expect(debug).toHaveBeenCalledTimes(1);
    debug.mockRestore();
    await connection.stop();
  });

  it('types a listener by its destination kind (checked by tsc -b)', () => {
    const connection = new RealtimeConnection();
    const notificationListener = (event: NotificacionEvent) => event.titulo;
    // @ts-expect-error a device topic never carries notifications
    const off = connection.subscribe(topics.equipo(1), notificationListener);
    off();
    const usuarioOff = connection.subscribe(topics.usuario(1), (event) => {
      if (event.tipo === 'notificacion') expect(event.titulo).toBeTypeOf('string');
    });
    usuarioOff();
  });

  it('stops reconnecting once stopped', async () => {
    const connection = new RealtimeConnection();
    connection.start();
    await connection.stop();
    FakeClient.instances[0]?.drop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeClient.instances).toHaveLength(1);
  });
});
