import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks the server for `queryKey` again. A fetch of it already on its way may have left before a
 * live change (a notification, a chat message, a rollout's state), and its answer would replace the
 * cache without it, so that fetch is dropped: with data in the cache an invalidation does it; before
 * the first answer only a reset does, since a query without data shares the fetch in flight instead
 * of starting another.
 */
export function refetchDroppingInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.getQueryData(queryKey) === undefined && queryClient.isFetching({ queryKey }) > 0)
    void queryClient.resetQueries({ queryKey, exact: true });
  else void queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * After a live change was written into the cache of `queryKey`: a fetch of it already on its way
 * may answer without the change, so it is asked again (refetchDroppingInFlight); with no fetch on its
 * way the cache is right and nothing is asked.
 */
export function afterLivePatch(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) refetchDroppingInFlight(queryClient, queryKey);
}
