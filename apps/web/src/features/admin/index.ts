// admin (web): the operator's area (ROLE_ADMIN): the device inventory at /admin/equipos (the
// admin's landing), users, the catalogue and each object's change history. Purchases
// (/admin/compras) belong to shop and queries (/admin/consultas) to support.

export { adminRoutes } from './routes';

import { lazy } from 'react';

/** The change-history dialog, loaded when opened (the shop's purchases page uses it; the barrel stays light). */
export const AuditoriaDialog = lazy(async () => ({
  default: (await import('./components/AuditoriaDialog')).AuditoriaDialog,
}));
