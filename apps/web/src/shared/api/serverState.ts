/**
 * The cache of server answers (react-query's client) without importing it: /login must not
 * download react-query, yet a login, a logout or an expired session must forget what was cached.
 * The client registers itself when its module loads (queryClient.ts); before that there is
 * nothing to forget.
 */
let cache: { clear(): void } | null = null;

export function registerServerState(client: { clear(): void }): void {
  cache = client;
}

/** Forgets every cached server answer, if the cache exists yet. */
export function clearServerState(): void {
  cache?.clear();
}
