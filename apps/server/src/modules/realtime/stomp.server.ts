import { mensajes, type RealtimeEvent } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { AccessRevocation } from '../../platform/realtime.js';
import type { AccessClaims, AccessTokens } from '../../platform/security/access-token.js';
import { bearerToken } from '../../platform/security/access-token.js';
import { escapeHeader, FrameError, FrameParser, type StompFrame, serializeFrame } from './stomp.frames.js';

/** A bidirectional text channel (a SockJS connection, or a plain WebSocket in tests/benchmarks). */
export interface StompTransport {
  send(data: string): void;
  close(): void;
  onData(listener: (data: string) => void): void;
  onClose(listener: () => void): void;
}

/** Decides whether a user may subscribe to a destination; false → ERROR frame and close. */
export type SubscribeAuthorizer = (claims: AccessClaims, destination: string) => Promise<boolean>;

export interface StompServerOptions {
  tokens: AccessTokens;
  authorize: SubscribeAuthorizer;
  log: Logger;
  /** Heart-beat the server offers and wants, in ms (STOMP "heart-beat" header). */
  heartbeatMs?: number;
  /** Frames per second a client may send (token bucket), and the burst allowed. */
  framesPerSecond?: number;
  frameBurst?: number;
  maxFrameChars?: number;
  /** Seconds a client has to send CONNECT. */
  connectTimeoutMs?: number;
}

export interface StompServer {
  accept(transport: StompTransport): void;
  /** Sends an event to every subscriber of the topic on this instance. */
  deliver(topic: string, event: RealtimeEvent): void;
  /**
   * Drops the subscriptions to `/topic/{deviceId}` of the user (or of everyone) who lost access.
   * No frame is sent: STOMP has no server-side UNSUBSCRIBE, and an ERROR would close the whole
   * connection (and every other subscription) only for the client to reconnect. The client's
   * subscription simply stops receiving; subscribing again is refused by the role check.
   */
  revoke(revocation: AccessRevocation): number;
  /**
   * The user's sessions ended (blocked account, password change): each session opened with a token
   * issued at or before `at` gets an ERROR 'Su sesión ha expirado…' and closes. The web client then
   * refreshes its token, which only a session still valid can do, and reconnects.
   */
  endSessionsOf(userId: number, at: number): number;
  sessionCount(): number;
  close(): void;
}

const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'];

interface Subscription {
  id: string;
  destination: string;
  session: Session;
}

class Session {
  claims: AccessClaims | null = null;
  /** When the CONNECT's token was issued (epoch ms). */
  issuedAt = 0;
  version = '1.0';
  readonly subscriptions = new Map<string, Subscription>();
  private readonly parser: FrameParser;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private tokens: number;
  private lastRefill = Date.now();
  private lastReceived = Date.now();
  private sendTimer: NodeJS.Timeout | undefined;
  private receiveTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private connectTimer: NodeJS.Timeout | undefined;
  private messageSeq = 0;
  private outgoing: string[] = [];
  private flushTimer: NodeJS.Immediate | undefined;

  constructor(
    private readonly server: StompServerImpl,
    private readonly transport: StompTransport,
  ) {
    this.parser = new FrameParser(server.maxFrameChars);
    this.tokens = server.frameBurst;
    transport.onData((data) => this.onData(data));
    transport.onClose(() => this.teardown());
    this.connectTimer = setTimeout(() => this.fail(mensajes.noAutenticado), server.connectTimeoutMs);
    this.connectTimer.unref();
  }

  private onData(data: string): void {
    if (this.closed) return;
    this.lastReceived = Date.now();
    let parsed: ReturnType<FrameParser['push']>;
    try {
      parsed = this.parser.push(data);
    } catch (error) {
      this.fail(mensajes.stompTramaInvalida, error instanceof FrameError ? error.message : undefined);
      return;
    }
    for (const frame of parsed.frames) {
      if (!this.takeToken()) {
        this.fail(mensajes.demasiadosIntentos);
        return;
      }
      // Frames are handled in order even when authorization is asynchronous.
      this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(frame)));
      this.queue = this.queue.catch((error: unknown) => {
        this.server.log.error({ err: error }, 'stomp: error procesando trama');
        this.fail(mensajes.errorGenerico);
      });
    }
  }

  private takeToken(): boolean {
    const now = Date.now();
    const elapsed = (now - this.lastRefill) / 1000;
    this.lastRefill = now;
    this.tokens = Math.min(this.server.frameBurst, this.tokens + elapsed * this.server.framesPerSecond);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
    if (!this.claims) return this.fail(mensajes.noAutenticado);
    switch (frame.command) {
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE': {
        const id = frame.headers.id ?? frame.headers.destination ?? '';
        const subscription = this.subscriptions.get(id);
        if (subscription) {
          this.subscriptions.delete(id);
          this.server.removeSubscription(subscription);
        }
        break;
      }
      case 'DISCONNECT':
        this.receipt(frame);
        this.close();
        return;
      case 'ACK':
      case 'NACK':
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        // Subscriptions are auto-ack and there is nothing transactional to do.
        break;
      case 'SEND':
        return this.fail(mensajes.sinPermiso, 'SEND is not accepted');
      default:
        return this.fail(mensajes.stompTramaInvalida, `unknown command ${frame.command}`);
    }
    this.receipt(frame);
  }

  private async connect(frame: StompFrame): Promise<void> {
    if (this.claims) return this.fail(mensajes.stompTramaInvalida, 'already connected');
    const accepted = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => accepted.includes(v));
    if (!version) return this.fail(mensajes.stompVersionNoSoportada);
    this.version = version;
    const token = bearerToken(frame.headers.Authorization ?? frame.headers.authorization ?? null);
    if (!token) return this.fail(mensajes.noAutenticado);
    const result = await this.server.tokens.verify(token);
    if (!result.ok)
      return this.fail(result.expired || result.revoked ? mensajes.sesionExpirada : mensajes.noAutenticado);
    if (this.closed) return;
    this.claims = result.claims;
    this.issuedAt = result.issuedAt;
    clearTimeout(this.connectTimer);
    // An expired token ends the session; the client refreshes it and reconnects.
    const remaining = result.expiresAt - Date.now();
    this.expiryTimer = setTimeout(() => this.fail(mensajes.sesionExpirada), Math.max(0, remaining));
    this.expiryTimer.unref();

    const [clientSend, clientWants] = (frame.headers['heart-beat'] ?? '0,0')
      .split(',')
      .map((v) => Number.parseInt(v, 10) || 0);
    const mine = this.server.heartbeatMs;
    const outgoing = version === '1.0' || !clientWants ? 0 : Math.max(mine, clientWants);
    const incoming = version === '1.0' || !clientSend ? 0 : Math.max(mine, clientSend ?? 0);
    this.send({
      command: 'CONNECTED',
      headers: {
        version,
        'heart-beat': `${mine},${mine}`,
        server: 'nexo/1',
        session: String(this.server.nextSessionId()),
        'user-name': result.claims.username,
      },
      body: '',
    });
    if (outgoing > 0) {
      this.sendTimer = setInterval(() => this.transport.send('\n'), outgoing);
      this.sendTimer.unref();
    }
    if (incoming > 0) {
      // Tolerate twice the interval before declaring the client dead.
      this.receiveTimer = setInterval(() => {
        if (Date.now() - this.lastReceived > incoming * 2) this.close();
      }, incoming);
      this.receiveTimer.unref();
    }
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const destination = frame.headers.destination;
    if (!destination) return this.fail(mensajes.stompTramaInvalida, 'missing destination');
    const id = frame.headers.id ?? (this.version === '1.0' ? destination : undefined);
    if (id === undefined) return this.fail(mensajes.stompTramaInvalida, 'missing id');
    const claims = this.claims;
    if (!claims) return;
    let allowed = false;
    // A revocation that lands while the role check is in flight could miss this subscription:
    // check again until no revocation happened meanwhile.
    for (;;) {
      const seen = this.server.revocationSeq;
      allowed = await this.server.authorize(claims, destination).catch(() => false);
      if (!allowed || seen === this.server.revocationSeq) break;
    }
    if (this.closed) return;
    if (!allowed) return this.fail(mensajes.sinPermiso, `destination ${destination}`, frame.headers.receipt);
    const previous = this.subscriptions.get(id);
    if (previous) this.server.removeSubscription(previous);
    const subscription: Subscription = { id, destination, session: this };
    this.subscriptions.set(id, subscription);
    this.server.addSubscription(subscription);
  }

  /**
   * A MESSAGE whose common part (destination, content headers, body, NUL) was serialised once
   * for all subscribers; only the subscription and message ids are per session.
   */
  deliver(subscription: Subscription, tail: string): void {
    if (this.closed) return;
    this.messageSeq++;
    const id = this.version === '1.0' ? subscription.id : escapeHeader(subscription.id);
    this.outgoing.push(`MESSAGE\nsubscription:${id}\nmessage-id:${id}-${this.messageSeq}\n${tail}`);
    this.flushTimer ??= setImmediate(() => this.flushOutgoing());
  }

  /** Forgets one subscription without telling the client (see StompServer.revoke). */
  drop(subscription: Subscription): void {
    if (this.subscriptions.get(subscription.id) === subscription) this.subscriptions.delete(subscription.id);
    this.server.removeSubscription(subscription);
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined)
      this.send({ command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  /**
   * Frames written in the same tick leave as one transport message (STOMP allows several
   * frames per message): under load that is one SockJS/WebSocket frame instead of hundreds.
   */
  private send(frame: StompFrame): void {
    if (this.closed) return;
    this.outgoing.push(serializeFrame(frame, this.version !== '1.0'));
    this.flushTimer ??= setImmediate(() => this.flushOutgoing());
  }

  private flushOutgoing(): void {
    this.flushTimer = undefined;
    if (this.outgoing.length === 0) return;
    const data = this.outgoing.join('');
    this.outgoing = [];
    this.transport.send(data);
  }

  /** Sends ERROR (with the Spanish message) and closes, as STOMP requires. */
  fail(message: string, detail?: string, receipt?: string): void {
    if (this.closed) return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain' };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.send({ command: 'ERROR', headers, body: detail ?? message });
    this.close();
  }

  close(): void {
    if (this.closed) return;
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushOutgoing();
    this.teardown();
    this.transport.close();
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    clearTimeout(this.expiryTimer);
    clearInterval(this.sendTimer);
    clearInterval(this.receiveTimer);
    for (const subscription of this.subscriptions.values()) this.server.removeSubscription(subscription);
    this.subscriptions.clear();
    this.server.sessions.delete(this);
  }
}

class StompServerImpl implements StompServer {
  readonly sessions = new Set<Session>();
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private sessionSeq = 0;
  /** Bumped on every revocation, so an in-flight SUBSCRIBE knows to check its role again. */
  revocationSeq = 0;
  readonly tokens: AccessTokens;
  readonly authorize: SubscribeAuthorizer;
  readonly log: Logger;
  readonly heartbeatMs: number;
  readonly framesPerSecond: number;
  readonly frameBurst: number;
  readonly maxFrameChars: number;
  readonly connectTimeoutMs: number;

  constructor(options: StompServerOptions) {
    this.tokens = options.tokens;
    this.authorize = options.authorize;
    this.log = options.log;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.framesPerSecond = options.framesPerSecond ?? 100;
    // A user subscribing to every device at once must fit in the burst.
    this.frameBurst = options.frameBurst ?? 500;
    this.maxFrameChars = options.maxFrameChars ?? 64 * 1024;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  }

  nextSessionId(): number {
    return ++this.sessionSeq;
  }

  accept(transport: StompTransport): void {
    this.sessions.add(new Session(this, transport));
  }

  addSubscription(subscription: Subscription): void {
    let set = this.byDestination.get(subscription.destination);
    if (!set) {
      set = new Set();
      this.byDestination.set(subscription.destination, set);
    }
    set.add(subscription);
  }

  removeSubscription(subscription: Subscription): void {
    const set = this.byDestination.get(subscription.destination);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.byDestination.delete(subscription.destination);
  }

  deliver(topic: string, event: RealtimeEvent): void {
    const set = this.byDestination.get(topic);
    if (!set) return;
    const body = JSON.stringify(event);
    // Destinations are validated topics (no characters that need escaping).
    const tail = `destination:${topic}\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\u0000`;
    for (const subscription of set) subscription.session.deliver(subscription, tail);
  }

  revoke(revocation: AccessRevocation): number {
    this.revocationSeq++;
    const set = this.byDestination.get(`/topic/${revocation.deviceId}`);
    if (!set) return 0;
    let dropped = 0;
    for (const subscription of [...set]) {
      if (revocation.userId !== undefined && subscription.session.claims?.userId !== revocation.userId)
        continue;
      subscription.session.drop(subscription);
      dropped++;
    }
    if (dropped > 0)
      this.log.info({ ...revocation, dropped }, 'stomp: suscripciones retiradas por pérdida de acceso');
    return dropped;
  }

  endSessionsOf(userId: number, at: number): number {
    let ended = 0;
    for (const session of [...this.sessions]) {
      if (session.claims?.userId !== userId || session.issuedAt > at) continue;
      session.fail(mensajes.sesionExpirada);
      ended++;
    }
    if (ended > 0)
      this.log.info({ userId, ended }, 'stomp: sesiones cerradas, las credenciales del usuario se revocaron');
    return ended;
  }

  sessionCount(): number {
    return this.sessions.size;
  }

  close(): void {
    for (const session of [...this.sessions]) session.close();
  }
}

export function createStompServer(options: StompServerOptions): StompServer {
  return new StompServerImpl(options);
}
