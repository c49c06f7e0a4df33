// groups (web): sharing devices, access requests and roles (spec 2 §3, §4, §7 Groups).
// Other features use only what is exported here.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

export { solicitarAcceso } from './api/groupsApi';
export { groupsKeys, invalidateGroups } from './api/groupsQueries';
export { DeviceAccessPanel } from './components/DeviceAccessPanel';
export { PendingRequestsNotice } from './components/PendingRequestsNotice';
export { useGroupsLive } from './hooks/useGroupsLive';
export const groupRoutes: RouteObject[] = [
  {
    path: '/perfil/usuarios',
    ...lazyPage(async () => (await import('./pages/MyUsersPage')).MyUsersPage),
  },
];
