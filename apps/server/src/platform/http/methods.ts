import FindMyWay from 'find-my-way';

/**
 * Which methods a path supports, matched exactly as Fastify's router matches it (find-my-way, the
 * same path syntax and regex constraints). The not-found handler asks it so a path that exists
 * with other methods answers 405 with `Allow` instead of 404.
 */
export function createMethodIndex() {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<string>();
  return {
    /** Registers a route (Fastify's onRoute hook). The SPA's catch-all is left out: it is no API. */
    add(method: string, url: string): void {
      if (url === '/*' || url === '*') return;
      if (!router.hasRoute(method as FindMyWay.HTTPMethod, url)) {
        router.on(method as FindMyWay.HTTPMethod, url, () => undefined);
      }
      methods.add(method);
    },
    /** The methods that `path` answers (HEAD wherever GET is), sorted; empty for an unknown path. */
    allowed(path: string): string[] {
      const found: string[] = [];
      for (const method of methods) if (router.find(method as FindMyWay.HTTPMethod, path)) found.push(method);
      if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
      return found.sort();
    },
  };
}
export type MethodIndex = ReturnType<typeof createMethodIndex>;
