import { EventEmitter } from 'node:events';
import type { RealtimeEvent } from '@nexo/contracts';

export type TopicListener = (topic: string, event: RealtimeEvent) => void;

/**
 * Someone lost access to a device: `userId` alone (they unlinked themselves), or everyone when
 * `userId` is absent (the device was deleted). Live subscriptions to `/topic/{deviceId}` go.
 */
export interface AccessRevocation {
  deviceId: number;
  userId?: number | undefined;
}

export type RevocationListener = (revocation: AccessRevocation) => void;

/**
 * Where services publish live events. The STOMP server listens here and delivers to the
 * subscribers of each topic; in scale-out mode a Redis relay carries events between instances.
 */
export interface RealtimeHub {
  publish(topic: string, event: RealtimeEvent): void;
  /** Listens to every event published on this instance (and relayed from others). */
  onEvent(listener: TopicListener): () => void;
  /** Announces a lost access on this instance and, in scale-out mode, on the others. */
  revokeAccess(revocation: AccessRevocation): void;
  onAccessRevoked(listener: RevocationListener): () => void;
  close(): Promise<void>;
}

export function createLocalHub(): RealtimeHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(topic, event) {
      emitter.emit('event', topic, event);
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    revokeAccess(revocation) {
      emitter.emit('revoke', revocation);
    },
    onAccessRevoked(listener) {
      emitter.on('revoke', listener);
      return () => emitter.off('revoke', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
