import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request a piece of work belongs to. Set for the life of each request (onRequest), read
 * by the logger, so every line logged while serving it, by any module and through any awaits,
 * carries its `reqId`.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** The pino mixin: the current request's id, or nothing outside a request. */
export function requestIdMixin(): { reqId?: string } {
  const store = requestContext.getStore();
  return store ? { reqId: store.reqId } : {};
}
