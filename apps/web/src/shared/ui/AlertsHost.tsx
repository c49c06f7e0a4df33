import { lazy, Suspense, useEffect, useState } from 'react';
import { alertQueue } from './alertQueue';

const SnackbarAlerts = lazy(async () => ({ default: (await import('./SnackbarAlerts')).SnackbarAlerts }));

/**
 * Where useAlerts' alerts appear (notistack). Mounted once beside the router; it loads the snackbar
 * library when the first alert is queued, then keeps it.
 */
export function AlertsHost() {
  const [isNeeded, setNeeded] = useState(alertQueue.hasWaiting);
  useEffect(() => {
    if (alertQueue.hasWaiting()) setNeeded(true);
    return alertQueue.subscribe(() => setNeeded(true));
  }, []);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarAlerts />
    </Suspense>
  );
}
