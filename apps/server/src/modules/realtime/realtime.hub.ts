import { EventEmitter } from 'node:events';
import type { RealtimeEvent } from '@nexo/contracts';
import type { RealtimeHub } from '../../platform/realtime.js';

/** The in-process hub (one instance, or tests). */
export function createLocalHub(): RealtimeHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(destination: string, event: RealtimeEvent) {
      emitter.emit('event', destination, event);
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
