import type { Destination, DestinationKind, RealtimeEventMap } from '@nexo/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../api/session';
import { type ConnectionState, realtimeConnection } from './stompClient';

/** Opens the tab's STOMP connection while mounted with a session; the authenticated layout mounts it once. */
export function useRealtimeConnection(): void {
  const { isAuthenticated } = useSession();
  useEffect(() => {
    if (!isAuthenticated) return;
    const connection = realtimeConnection();
    connection.start();
    return () => {
      void connection.stop();
    };
  }, [isAuthenticated]);
}

/**
 * Listens to one STOMP destination while mounted (null = nothing). The listener hears only the
 * events of the destination's kind: a device topic never hands it a notification.
 */
export function useRealtimeTopic<K extends DestinationKind>(
  destination: Destination<K> | null,
  listener: (event: RealtimeEventMap[K]) => void,
): void {
  useRealtimeTopics(destination === null ? [] : [destination], listener);
}

/** Listens to several destinations of one kind while mounted, such as every device of the user. */
export function useRealtimeTopics<K extends DestinationKind>(
  destinations: readonly Destination<K>[],
  listener: (event: RealtimeEventMap[K]) => void,
): void {
  const latest = useRef(listener);
  latest.current = listener;
  const current = useRef(destinations);
  current.current = destinations;
  // The joined names, so a new array with the same destinations does not resubscribe.
  const key = destinations.join(' ');
  useEffect(() => {
    if (!key) return;
    const connection = realtimeConnection();
    const offs = current.current.map((destination) =>
      connection.subscribe(destination, (event) => latest.current(event)),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key]);
}

/**
 * Runs each time the server confirms the subscription to `destination` (first connection and every
 * reconnect): the place to refetch data loaded over HTTP, so nothing published in between is missed.
 */
export function useRealtimeSubscribed(destination: string | null, listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (destination === null) return;
    return realtimeConnection().onSubscribed(destination, () => latest.current());
  }, [destination]);
}

/** Runs after every reconnect, so a feature refetches what it may have missed meanwhile (spec 1 §4). */
export function useRealtimeReconnect(listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const off = realtimeConnection().onReconnect(() => latest.current());
    return () => {
      off();
    };
  }, []);
}

/** The connection state of the tab's STOMP channel. */
export function useRealtimeState(): ConnectionState {
  return useSyncExternalStore(
    (onChange) => realtimeConnection().onState(onChange),
    () => realtimeConnection().state,
    () => 'desconectado' as const,
  );
}
