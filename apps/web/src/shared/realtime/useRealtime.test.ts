import { type Destination, type RealtimeEventMap, topics } from '@nexo/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const subscriptions = new Map<string, (event: RealtimeEventMap['equipo']) => void>();
const subscribe = vi.fn((destination: string, listener: (event: RealtimeEventMap['equipo']) => void) => {
  subscriptions.set(destination, listener);
  return () => subscriptions.delete(destination);
});
vi.mock('./stompClient', () => ({ realtimeConnection: () => ({ subscribe }) }));

const { useRealtimeTopics } = await import('./useRealtime');

describe('useRealtimeTopics', () => {
  it('subscribes once per destination list, follows changes and hands events to the latest listener', () => {
    const heard: string[] = [];
    const { rerender, unmount } = renderHook(
      ({ ids, tag }: { ids: number[]; tag: string }) =>
        useRealtimeTopics<'equipo'>(
          ids.map((id) => topics.equipo(id)),
          (event) => heard.push(`${tag}:${event.tipo}`),
        ),
      { initialProps: { ids: [1, 2], tag: 'a' } },
    );
    expect([...subscriptions.keys()]).toEqual(['/topic/1', '/topic/2']);

    rerender({ ids: [1, 2], tag: 'b' });
    expect(subscribe).toHaveBeenCalledTimes(2);
    subscriptions.get('/topic/1')?.({ tipo: 'equipo.estado', idEquipo: 1, conectado: true, fecha: 1 });
    expect(heard).toEqual(['b:equipo.estado']);

    rerender({ ids: [2, 3], tag: 'b' });
    expect([...subscriptions.keys()].sort()).toEqual(['/topic/2', '/topic/3']);

    unmount();
    expect(subscriptions.size).toBe(0);
  });

  it('subscribes to nothing for an empty list', () => {
    subscribe.mockClear();
    renderHook(() => useRealtimeTopics([] as Destination<'equipo'>[], () => {}));
    expect(subscribe).not.toHaveBeenCalled();
  });
});
