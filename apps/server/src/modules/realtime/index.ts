/**
 * realtime: live events to browsers. Owns the hub services publish to, the STOMP server at
 * /sv/stomp and, with REDIS_URL, the fan-out between instances. Knows nothing about MQTT.
 */
import type { Logger } from 'pino';
import { createLocalHub, type RealtimeHub } from './realtime.hub.js';
import { createRedisHub } from './realtime.redis.js';

export type { RealtimeHub, TopicListener } from './realtime.hub.js';
export { registerRealtime, topicAuthorizer } from './realtime.routes.js';
export { createStompServer, type StompServer, type StompTransport } from './stomp.server.js';

export async function createRealtimeHub(options: {
  redisUrl: string | undefined;
  log: Logger;
}): Promise<RealtimeHub> {
  if (options.redisUrl) return createRedisHub({ redisUrl: options.redisUrl, log: options.log });
  return createLocalHub();
}
