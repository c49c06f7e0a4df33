import type { RealtimeEvent } from '@nexo/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type ConnectionState, realtimeConnection } from './stompClient';

/** Listens to one STOMP destination while mounted (null = nothing). */
export function useRealtimeTopic(destination: string | null, listener: (event: RealtimeEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!destination) return;
    return realtimeConnection().subscribe(destination, (event) => latest.current(event));
  }, [destination]);
}

/** The connection state of the tab's STOMP channel. */
export function useRealtimeState(): ConnectionState {
  return useSyncExternalStore(
    (onChange) => realtimeConnection().onState(onChange),
    () => realtimeConnection().state,
    () => 'desconectado' as const,
  );
}
