import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

/** The module as a fresh page load evaluates it. */
const load = () => import('./firstScreen');

/** Whether `promise` has settled once pending timers and microtasks up to `ms` have run. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('firstScreen', () => {
  it('lets the code wait until the frame in which the skeleton was drawn has painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { afterFirstScreen, markFirstScreenDrawn } = await load();
    const waiting = afterFirstScreen();
    expect(await settledAfter(waiting, 100)).toBe(false);
    markFirstScreenDrawn();
    expect(await settledAfter(waiting, 20)).toBe(true); // the next frame, then a task
    expect(await settledAfter(afterFirstScreen(), 0)).toBe(true);
  });

  it('does not wait once the first navigation is over, as after logging in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { afterFirstScreen, endFirstScreen } = await load();
    endFirstScreen();
    expect(await settledAfter(afterFirstScreen(), 0)).toBe(true);
  });

  it('waits a second at most should no skeleton be drawn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { afterFirstScreen } = await load();
    const waiting = afterFirstScreen();
    expect(await settledAfter(waiting, 999)).toBe(false);
    expect(await settledAfter(waiting, 1)).toBe(true);
  });
});
