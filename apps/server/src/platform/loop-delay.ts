import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The event loop's delay, in windows of `windowMs`: `last()` is the p99 and max of the last
 * complete window (what /sv/health reports and bench:scale reads under load).
 */
export function createLoopDelayMonitor(windowMs = 10_000) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = { p99Ms: 0, maxMs: 0 };
  const timer = setInterval(() => {
    last = {
      p99Ms: Math.round(histogram.percentile(99) / 1e5) / 10,
      maxMs: Math.round(histogram.max / 1e5) / 10,
    };
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    last: () => last,
    close() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
