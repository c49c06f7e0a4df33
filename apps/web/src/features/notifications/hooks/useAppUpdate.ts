import { useSyncExternalStore } from 'react';
import { appUpdate } from '../serviceWorker';

/** Whether a new build is installed and waiting, and the user's answers to the update prompt. */
export function useAppUpdate() {
  const isAvailable = useSyncExternalStore(appUpdate.subscribe, appUpdate.isAvailable);
  return { isAvailable, accept: appUpdate.accept, dismiss: appUpdate.dismiss };
}
