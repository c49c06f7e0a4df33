// support (web): support queries (consultas) and their live chat (spec 2 §2 /perfil/misConsultas,
// §4, §5, §7 Consultas), and the support team's /admin/consultas. The app shell mounts
// `useSupportLive` and `SupportChatHost` (the floating chat window) in its layout.

export { openSupportChat } from './chatStore';
export { SupportChatHost } from './components/SupportChatHost';
export { useSupportLive } from './hooks/useSupportLive';
export { supportAdminRoutes, supportRoutes } from './routes';

import { lazy } from 'react';

/** 'Nueva Consulta' / 'Consulta por compra', loaded when opened (the app shell imports this barrel). */
export const NuevaConsultaDialog = lazy(async () => ({
  default: (await import('./components/NuevaConsultaDialog')).NuevaConsultaDialog,
}));
