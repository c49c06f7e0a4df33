import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser is first idle after mounting (at most `timeoutMs` later), then true: for
 * what can be drawn after the page's first paint, such as a hidden menu kept ready to open. The
 * update is a transition, so drawing it never blocks a tap.
 */
export function useWhenIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 0);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
