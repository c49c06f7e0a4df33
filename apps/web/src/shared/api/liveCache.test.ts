import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterLivePatch, refetchDroppingInFlight } from './liveCache';

/** A query with an observer whose first fetch waits until released; later fetches answer at once. */
function slowFirstFetch(cached?: string[]) {
  const client = new QueryClient();
  const key = ['chat', 1];
  if (cached) client.setQueryData(key, cached);
  let release: () => void = () => {};
  const late = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: async () => {
      calls += 1;
      if (calls === 1) {
        await late;
        return ['viejo'];
      }
      return ['viejo', 'nuevo'];
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { client, key, release, calls: () => calls, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('live cache', () => {
  it.each([
    ['before the first answer', undefined],
    ['with data cached', ['viejo']],
  ])(
    'a live patch during an older fetch asks again, and the older answer is dropped (%s)',
    async (_, cached) => {
      const q = slowFirstFetch(cached);
      await settle();
      expect(q.calls()).toBe(1);
      q.client.setQueryData(q.key, (old: string[] | undefined) => (old ? [...old, 'nuevo'] : old));
      afterLivePatch(q.client, q.key);
      q.release();
      await settle();
      expect(q.client.getQueryData(q.key)).toEqual(['viejo', 'nuevo']);
      expect(q.calls()).toBe(2);
      q.unsubscribe();
    },
  );

  it('asks nothing after a live patch when no fetch is on its way', async () => {
    const q = slowFirstFetch();
    q.release();
    await settle();
    q.client.setQueryData(q.key, ['viejo', 'nuevo']);
    afterLivePatch(q.client, q.key);
    await settle();
    expect(q.calls()).toBe(1);
    expect(q.client.getQueryData(q.key)).toEqual(['viejo', 'nuevo']);
    q.unsubscribe();
  });

  it('refetches when asked, also when the first fetch is still on its way', async () => {
    const q = slowFirstFetch();
    await settle();
    refetchDroppingInFlight(q.client, q.key);
    q.release();
    await settle();
    expect(q.client.getQueryData(q.key)).toEqual(['viejo', 'nuevo']);
    q.unsubscribe();
  });
});
