import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { AppLayout } from '../../app/layout/AppLayout';
import { useSession } from '../../shared/api/session';
import { EquipoNuevoAnonimo, EquipoNuevoPage } from './pages/EquipoNuevoPage';
import { ListaEquipoPage } from './pages/ListaEquipoPage';
import { MisEquiposPage } from './pages/MisEquiposPage';

/** Protected pages of the device area (inside the authenticated layout). */
export const deviceRoutes: RouteObject[] = [
  { path: '/home/misEquipos', element: <MisEquiposPage /> },
  { path: '/home/listaEquipo', element: <ListaEquipoPage /> },
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
