/**
 * licensing: the user's licence token, its limits and usage (server module licensing). The top bar
 * shows the badge and dialog; devices show the dialog when the licence refuses a sensor.
 */
import { lazyDialog } from '../../shared/ui/lazyComponent';

export { LicenceBadge, licenceLabel } from './components/LicenceBadge';
/** The licence dialog, loaded on its first opening (the top bar and the devices offer it). */
export const LicenceDialog = lazyDialog(
  async () => (await import('./components/LicenceDialog')).LicenceDialog,
);
export { useLicenceLive } from './hooks/useLicenceLive';
