import { useMemo } from 'react';
import { errorMessage } from '../api/httpClient';
import { alertQueue } from './alertQueue';

/** Success and error alerts; both close by themselves after 5 s (spec 1 §8). */
export function useAlerts() {
  return useMemo(
    () => ({
      success(message: string) {
        alertQueue.push({ message, variant: 'success' });
      },
      /** Accepts a text or whatever a call threw (ApiError → its server message). */
      error(messageOrError: unknown) {
        const message = typeof messageOrError === 'string' ? messageOrError : errorMessage(messageOrError);
        alertQueue.push({ message, variant: 'error' });
      },
      info(message: string) {
        alertQueue.push({ message, variant: 'info' });
      },
    }),
    [],
  );
}
