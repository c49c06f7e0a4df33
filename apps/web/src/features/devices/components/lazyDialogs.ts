import { lazyDialog } from '../../../shared/ui/lazyComponent';

/**
 * The device dialogs a screen offers but seldom opens, loaded on their first opening: the share
 * dialog brings the access panel with its autocomplete and role fields.
 */
export const ShareDialog = lazyDialog(
  async () => (await import('./ShareDialog')).ShareDialog,
  (props) => props.equipo !== null,
);
