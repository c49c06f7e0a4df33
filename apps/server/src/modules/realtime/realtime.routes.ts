import { type DestinationKind, parseDestination } from '@nexo/contracts';
import sockjs from 'sockjs';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { AccessClaims } from '../../platform/security/access-token.js';
import { createStompServer, type StompServer, type SubscribeAuthorizer } from './stomp.server.js';

/** May this user subscribe to the destination of this kind with this id? */
export type DestinationAuthorizer = (userId: number, id: number) => Promise<boolean>;

/**
 * One authorizer per destination kind, plugged in by the module that owns the kind (modules.ts):
 * `equipo` by devices, `consulta` by support. `usuario` is built in (only that user). A kind
 * without one is denied, so `/topic/pro{id}` stays closed until programs exist.
 */
export type TopicAuthorizers = Partial<Record<Exclude<DestinationKind, 'usuario'>, DestinationAuthorizer>>;

export function topicAuthorizer(authorizers: TopicAuthorizers): SubscribeAuthorizer {
  return async (claims: AccessClaims, destination: string) => {
    const parsed = parseDestination(destination);
    if (!parsed) return false;
    if (parsed.kind === 'usuario') return parsed.id === claims.userId;
    const authorize = authorizers[parsed.kind];
    return authorize ? authorize(claims.userId, parsed.id) : false;
  };
}

/**
 * Mounts SockJS at /sv/stomp on the HTTP server and relays every hub event to the STOMP
 * subscribers of its topic. Returns the STOMP server (tests and the benchmark inspect it).
 */
export function registerRealtime(
  app: HttpApp,
  ctx: Pick<PlatformContext, 'hub' | 'tokens' | 'log' | 'revocations'>,
  authorizers: TopicAuthorizers,
): StompServer {
  const stomp = createStompServer({
    tokens: ctx.tokens,
    authorize: topicAuthorizer(authorizers),
    log: ctx.log.child({ module: 'stomp' }),
  });
  const unsubscribe = ctx.hub.onEvent((topic, event) => stomp.deliver(topic, event));
  const stopRevocations = ctx.hub.onAccessRevoked((revocation) => stomp.revoke(revocation));
  // A blocked account or a changed password closes the user's live sessions on every instance.
  const stopSessionEnds = ctx.revocations.onRevoked(({ userId, at }) => stomp.endSessionsOf(userId, at));
  const sock = sockjs.createServer({
    prefix: '/sv/stomp',
    log: (severity: string, message: string) => {
      if (severity === 'error') ctx.log.warn({ module: 'sockjs' }, message);
    },
    disconnect_delay: 5_000,
  });
  sock.on('connection', (conn) => {
    if (!conn) return;
    stomp.accept({
      send: (data) => conn.write(data),
      close: () => conn.close(),
      onData: (listener) => conn.on('data', listener),
      onClose: (listener) => conn.on('close', listener),
    });
  });
  sock.installHandlers(app.server);
  app.addHook('preClose', async () => {
    unsubscribe();
    stopRevocations();
    stopSessionEnds();
    stomp.close();
  });
  return stomp;
}
