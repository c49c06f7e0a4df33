import type { Destination, DestinationKind, RealtimeEvent, RealtimeEventMap } from '@nexo/contracts';

/*
 * The live-event hub as every module sees it. The realtime module implements it (in-process, or
 * relayed through Redis) and delivers to STOMP subscribers; any module may publish. `publish`
 * is typed by the contracts' RealtimeEventMap: a destination built with `topics.equipo(id)`
 * accepts only device events, `topics.usuario(id)` only user events, and so on.
 */

/**
 * Someone lost access to a device: `userId` alone (they unlinked themselves), or everyone when
 * `userId` is absent (the device was deleted). Live subscriptions to `/topic/{deviceId}` go.
 */
export interface AccessRevocation {
  deviceId: number;
  userId?: number | undefined;
}

/** Receives every event with its destination string (transport code: STOMP delivery, relay). */
export type TopicListener = (destination: string, event: RealtimeEvent) => void;

export type RevocationListener = (revocation: AccessRevocation) => void;

/** What a module may publish: only the events of the destination's kind. */
export interface RealtimePublisher {
  publish<K extends DestinationKind>(destination: Destination<K>, event: NoInfer<RealtimeEventMap[K]>): void;
}

/**
 * Where services publish live events. The STOMP server listens here and delivers to the
 * subscribers of each topic; in scale-out mode a Redis relay carries events between instances.
 */
export interface RealtimeHub extends RealtimePublisher {
  /** Listens to every event published on this instance (and relayed from others). */
  onEvent(listener: TopicListener): () => void;
  /** Announces a lost access on this instance and, in scale-out mode, on the others. */
  revokeAccess(revocation: AccessRevocation): void;
  onAccessRevoked(listener: RevocationListener): () => void;
  close(): Promise<void>;
}
