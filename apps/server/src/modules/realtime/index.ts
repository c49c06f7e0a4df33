/**
 * realtime: live events to browsers. Owns the hub services publish to, the STOMP server at
 * /sv/stomp and, with REDIS_URL, the fan-out between instances. Knows nothing about MQTT.
 */
import type { Logger } from 'pino';
import { createLocalHub, type RealtimeHub } from './realtime.hub.js';

export type { RealtimeHub, TopicListener } from './realtime.hub.js';

export async function createRealtimeHub(_options: {
  redisUrl: string | undefined;
  log: Logger;
}): Promise<RealtimeHub> {
  return createLocalHub();
}
