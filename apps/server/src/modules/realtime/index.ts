/**
 * realtime: live events to browsers. Owns the hub implementations (in-process, or relayed
 * through Redis with REDIS_URL) and the STOMP server at /sv/stomp with its topic authorization.
 * The hub's interface lives in platform/realtime.ts, so any module may publish without importing
 * this one. Knows nothing about MQTT.
 */
import type { Logger } from 'pino';
import type { RealtimeHub } from '../../platform/realtime.js';
import { createLocalHub } from './realtime.hub.js';
import { createRedisHub } from './realtime.redis.js';

export { createLocalHub } from './realtime.hub.js';
export {
  type DestinationAuthorizer,
  registerRealtime,
  type TopicAuthorizers,
  topicAuthorizer,
} from './realtime.routes.js';
export { createStompServer, type StompServer, type StompTransport } from './stomp.server.js';

export async function createRealtimeHub(options: {
  redisUrl: string | undefined;
  log: Logger;
}): Promise<RealtimeHub> {
  if (options.redisUrl) return createRedisHub({ redisUrl: options.redisUrl, log: options.log });
  return createLocalHub();
}
