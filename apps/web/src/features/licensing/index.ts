/**
 * licensing: the user's licence token, its limits and usage (server module licensing). The top bar
 * shows the badge and dialog; devices show the dialog when the licence refuses a sensor.
 */
export { LicenceBadge, licenceLabel } from './components/LicenceBadge';
export { LicenceDialog } from './components/LicenceDialog';
export { useLicenceLive } from './hooks/useLicenceLive';
