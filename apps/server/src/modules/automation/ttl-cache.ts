/**
 * Remembers an async answer per key for `ttlMs` (licence checks, time zones, sensor labels while
 * automations fire in bursts). Concurrent misses for one key share one load.
 */
export function ttlCache<K, V>(ttlMs: number, load: (key: K) => Promise<V>, now: () => number = Date.now) {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  return {
    get(key: K): Promise<V> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      const value = load(key);
      entries.set(key, { value, until: at + ttlMs });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      if (entries.size > 50_000) entries.clear();
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
