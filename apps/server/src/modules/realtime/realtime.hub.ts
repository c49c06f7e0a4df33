import { EventEmitter } from 'node:events';
import type { RealtimeEvent } from '@nexo/contracts';

export type TopicListener = (topic: string, event: RealtimeEvent) => void;

/**
 * Where services publish live events. The STOMP server listens here and delivers to the
 * subscribers of each topic; in scale-out mode a Redis relay carries events between instances.
 */
export interface RealtimeHub {
  publish(topic: string, event: RealtimeEvent): void;
  /** Listens to every event published on this instance (and relayed from others). */
  onEvent(listener: TopicListener): () => void;
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
    async close() {
      emitter.removeAllListeners();
    },
  };
}
