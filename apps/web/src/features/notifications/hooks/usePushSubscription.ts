import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../../shared/api/session';
import {
  currentPushPermission,
  type PushPermission,
  requestPushPermission,
  subscribeAndSave,
} from '../pushSubscription';

export type EnableResult = 'granted' | 'denied' | 'default' | 'error';

// The user whose subscription was saved from this page, so each login saves it once (and moves it).
let savedForUserId: number | undefined;

/**
 * The browser's push permission, and `enable()` to ask for it (call it from a click: browsers ignore
 * the request otherwise). With the permission granted the subscription is saved for the session's user.
 */
export function usePushSubscription() {
  const { usuario } = useSession();
  const userId = usuario?.id;
  const [permission, setPermission] = useState<PushPermission>(currentPushPermission);

  useEffect(() => {
    if (permission !== 'granted' || userId === undefined || savedForUserId === userId) return;
    savedForUserId = userId;
    subscribeAndSave().catch((error: unknown) => {
      savedForUserId = undefined;
      console.warn('Nexo: no se pudo guardar la suscripción push', error);
    });
  }, [permission, userId]);

  const enable = useCallback(async (): Promise<EnableResult> => {
    if (currentPushPermission() === 'unsupported') return 'error';
    const result = await requestPushPermission();
    setPermission(result);
    if (result !== 'granted') return result;
    try {
      await subscribeAndSave();
      savedForUserId = userId;
      return 'granted';
    } catch {
      return 'error';
    }
  }, [userId]);

  return { permission, enable };
}
