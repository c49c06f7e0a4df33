import type { Sensor } from '@nexo/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/** The newest reading the live channel brought for a sensor. */
export interface LiveValue {
  valor: string;
  fecha: number;
}

type Listener = () => void;
const values = new Map<number, LiveValue>();
const listeners = new Map<number, Set<Listener>>();
/** Sensors with a value their widgets have not shown yet, oldest first. */
const dirty = new Set<number>();

/**
 * How many sensors' widgets re-render in one frame: as many as fit FRAME_BUDGET_MS at what a
 * widget has cost lately on this device (the last frame's cost when it was dearer, else a smoothed
 * mean). A burst spreads over frames instead of becoming a long task, and a run of cheap frames
 * does not let the next burst through at once. The budget leaves most of a frame to layout, paint
 * and the garbage collector. A sensor waiting its turn shows its newest value when it comes,
 * never a backlog.
 */
const FRAME_BUDGET_MS = 6;
let msPerWidget = 0.5;
let scheduled = false;

function perFrame(): number {
  return Math.max(2, Math.min(500, Math.floor(FRAME_BUDGET_MS / Math.max(msPerWidget, 0.02))));
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(pump);
  else setTimeout(pump, 16);
}

function pump() {
  scheduled = false;
  const turn: Listener[] = [];
  const limit = perFrame();
  for (const sensorId of dirty) {
    if (turn.length >= limit) break;
    dirty.delete(sensorId);
    for (const listener of listeners.get(sensorId) ?? []) turn.push(listener);
  }
  const started = performance.now();
  flushSync(() => {
    for (const listener of turn) listener();
  });
  const took = performance.now() - started;
  if (turn.length > 0) {
    // A dearer frame counts at once; a cheaper one moves the estimate down gradually.
    const sample = took / turn.length;
    msPerWidget = sample > msPerWidget ? sample : msPerWidget * 0.6 + sample * 0.4;
  }
  if (dirty.size > 0) schedule();
}

/**
 * The newest value of each sensor, as the live channel brings it. A widget reads its own sensor
 * here, so a reading re-renders that widget only, not the page, the grid and every card around it
 * (the device caches catch up a few times a second, see useDeviceLive); widgets re-render at most
 * once a frame, within a time budget.
 */
export const liveValues = {
  get(sensorId: number): LiveValue | undefined {
    return values.get(sensorId);
  },
  put(sensorId: number, value: LiveValue): void {
    const current = values.get(sensorId);
    if (current && current.fecha > value.fecha) return;
    values.set(sensorId, value);
    if (!listeners.has(sensorId)) return;
    dirty.add(sensorId);
    schedule();
  },
  subscribe(sensorId: number, listener: Listener): () => void {
    let own = listeners.get(sensorId);
    if (!own) {
      own = new Set();
      listeners.set(sensorId, own);
    }
    own.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0) listeners.delete(sensorId);
    };
  },
  /** Whether the live value is at least as new as the sensor's cached one. */
  covers(sensor: Pick<Sensor, 'id' | 'fechaUV'>): boolean {
    const value = values.get(sensor.id);
    return value !== undefined && value.fecha >= (sensor.fechaUV ?? 0);
  },
};

/**
 * Whether `next` is `previous` with at most a newer reading that the live-value store already
 * holds: what a widget shows is then the same, since it reads its value from the store
 * (useLiveSensor), and whatever draws the sensor but its value need not draw it again.
 */
export function onlyLiveValueMoved(previous: Sensor, next: Sensor): boolean {
  if (previous === next) return true;
  if (!liveValues.covers(next)) return false;
  const keys = Object.keys(next) as (keyof Sensor)[];
  if (keys.length !== Object.keys(previous).length) return false;
  return keys.every((key) => key === 'ultimoValor' || key === 'fechaUV' || previous[key] === next[key]);
}

/** The sensor with its newest value: the live one when it is newer than the cached one. */
function withLiveValue<S extends Pick<Sensor, 'id' | 'ultimoValor' | 'fechaUV'>>(
  sensor: S,
  live: LiveValue | undefined,
): S {
  if (live === undefined || live.fecha < (sensor.fechaUV ?? 0)) return sensor;
  if (live.valor === sensor.ultimoValor && live.fecha === sensor.fechaUV) return sensor;
  return { ...sensor, ultimoValor: live.valor, fechaUV: live.fecha };
}

/** A sensor kept current by the live channel, re-rendering only this component on a reading. */
export function useLiveSensor<S extends Pick<Sensor, 'id' | 'ultimoValor' | 'fechaUV'>>(sensor: S): S {
  const id = sensor.id;
  const subscribe = useCallback((listener: Listener) => liveValues.subscribe(id, listener), [id]);
  const live = useSyncExternalStore(
    subscribe,
    () => liveValues.get(id),
    () => undefined,
  );
  return withLiveValue(sensor, live);
}
