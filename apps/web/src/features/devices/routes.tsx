import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { AppLayout } from '../../app/layout/AppLayout';
import { useSession } from '../../shared/api/session';
import { EquipoNuevoAnonimo, EquipoNuevoPage } from './pages/EquipoNuevoPage';

/**
 * Protected pages of the device area (inside the authenticated layout). They load lazily so the
 * login page does not download the charts and maps the dashboards need.
 */
export const deviceRoutes: RouteObject[] = [
  {
    path: '/home/misEquipos',
    lazy: async () => ({ Component: (await import('./pages/MisEquiposPage')).MisEquiposPage }),
  },
  {
    path: '/home/listaEquipo',
    lazy: async () => ({ Component: (await import('./pages/ListaEquipoPage')).ListaEquipoPage }),
  },
];

/**
 * The share link must open for anyone (spec 1 §4): a visitor without session gets the login /
 * register invitation; a logged-in user gets the normal layout with the associate dialog.
 */
function EquipoNuevoGate() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <AppLayout /> : <Outlet />;
}

function EquipoNuevoContent() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <EquipoNuevoPage /> : <EquipoNuevoAnonimo />;
}

/** Routes mounted outside RequireAuth by the router. */
export const publicDeviceRoutes: RouteObject[] = [
  {
    path: '/home/equipoNuevo',
    element: <EquipoNuevoGate />,
    children: [{ index: true, element: <EquipoNuevoContent /> }],
  },
];
