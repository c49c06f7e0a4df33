// admin (web): the operator's area (ROLE_ADMIN): the device inventory at /admin/equipos (the
// admin's landing), users, the catalogue and each object's change history. Purchases
// (/admin/compras) belong to shop and queries (/admin/consultas) to support.

export { AuditoriaDialog } from './components/AuditoriaDialog';
export { adminRoutes } from './routes';
