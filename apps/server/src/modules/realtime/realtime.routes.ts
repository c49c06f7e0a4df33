import sockjs from 'sockjs';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { AccessClaims } from '../../platform/security/access-token.js';
import { createStompServer, type StompServer, type SubscribeAuthorizer } from './stomp.server.js';

export interface TopicAccess {
  /** The caller's role id on a device, or null. */
  roleOn(userId: number, deviceId: number): Promise<number | null>;
  /** The owner of a program; programs do not exist yet, so absent means deny. */
  programOwnerOf?: (programId: number) => Promise<number | null>;
}

/** `/topic/{equipoId}` needs a role on the device, `/topic/user{id}` is that user's, `/topic/pro{id}` its owner's. */
export function topicAuthorizer(access: TopicAccess): SubscribeAuthorizer {
  return async (claims: AccessClaims, destination: string) => {
    const device = /^\/topic\/(\d+)$/.exec(destination);
    if (device) {
      const role = await access.roleOn(claims.userId, Number(device[1]));
      return role !== null && role > 0;
    }
    const user = /^\/topic\/user(\d+)$/.exec(destination);
    if (user) return Number(user[1]) === claims.userId;
    const program = /^\/topic\/pro(\d+)$/.exec(destination);
    if (program && access.programOwnerOf) {
      return (await access.programOwnerOf(Number(program[1]))) === claims.userId;
    }
    return false;
  };
}

/**
 * Mounts SockJS at /sv/stomp on the HTTP server and relays every hub event to the STOMP
 * subscribers of its topic. Returns the STOMP server (tests and the benchmark inspect it).
 */
export function registerRealtime(
  app: HttpApp,
  ctx: Pick<PlatformContext, 'hub' | 'tokens' | 'log'>,
  access: TopicAccess,
): StompServer {
  const stomp = createStompServer({
    tokens: ctx.tokens,
    authorize: topicAuthorizer(access),
    log: ctx.log.child({ module: 'stomp' }),
  });
  const unsubscribe = ctx.hub.onEvent((topic, event) => stomp.deliver(topic, event));
  const stopRevocations = ctx.hub.onAccessRevoked((revocation) => stomp.revoke(revocation));
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
    stomp.close();
  });
  return stomp;
}
