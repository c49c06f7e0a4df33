import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './httpClient';
import { registerServerState } from './serverState';

/** Server state lives here only (architecture); one client for the whole app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change by retrying; a lost connection might.
      retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400),
    },
  },
});
registerServerState(queryClient);
