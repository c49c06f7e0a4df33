import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type RealtimeEvent, RealtimeEventSchema } from '@nexo/contracts';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { AccessRevocation, RealtimeHub } from '../../platform/realtime.js';

const CHANNEL = 'nexo:realtime';

const RevocationSchema = z.object({
  deviceId: z.number().int(),
  userId: z.number().int().optional(),
});

/**
 * Scale-out hub: an event is delivered to this instance's subscribers at once and relayed
 * through Redis pub/sub to the other instances, which skip what they published themselves,
 * so every STOMP client receives each event exactly once whichever instance ingested it.
 */
export async function createRedisHub(options: { redisUrl: string; log: Logger }): Promise<RealtimeHub> {
  const instanceId = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  publisher.on('error', (err) => options.log.warn({ err }, 'redis (publicación) con errores'));
  subscriber.on('error', (err) => options.log.warn({ err }, 'redis (suscripción) con errores'));
  await publisher.connect();
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      // Events carry {t, e}; access revocations carry {r}.
      const parsed = JSON.parse(message) as { o: string; t: string; e: unknown; r?: unknown };
      if (parsed.o === instanceId) return;
      if (parsed.r !== undefined) {
        const revocation = RevocationSchema.safeParse(parsed.r);
        if (revocation.success) emitter.emit('revoke', revocation.data);
        return;
      }
      const event = RealtimeEventSchema.safeParse(parsed.e);
      if (!event.success) return;
      emitter.emit('event', parsed.t, event.data);
    } catch (error) {
      options.log.warn({ err: error }, 'evento de redis inválido');
    }
  });
  options.log.info('tiempo real: difusión entre instancias por Redis');
  return {
    publish(topic: string, event: RealtimeEvent) {
      emitter.emit('event', topic, event);
      publisher.publish(CHANNEL, JSON.stringify({ o: instanceId, t: topic, e: event })).catch((err) => {
        options.log.warn({ err }, 'no se pudo difundir el evento por redis');
      });
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    revokeAccess(revocation: AccessRevocation) {
      emitter.emit('revoke', revocation);
      publisher.publish(CHANNEL, JSON.stringify({ o: instanceId, r: revocation })).catch((err) => {
        options.log.warn({ err }, 'no se pudo difundir la revocación de acceso por redis');
      });
    },
    onAccessRevoked(listener) {
      emitter.on('revoke', listener);
      return () => emitter.off('revoke', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
