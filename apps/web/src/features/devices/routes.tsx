import type { RouteObject } from 'react-router';
import { useSession } from '../../shared/api/session';

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
 * register invitation; a logged-in user gets the dashboard with the associate dialog. The router
 * mounts these outside RequireAuth, inside the layout only when there is a session. Lazy too: the
 * logged-in page carries the whole dashboard.
 */
export const publicDeviceRoutes: RouteObject[] = [
  {
    path: '/home/equipoNuevo',
    lazy: async () => {
      const { EquipoNuevoAnonimo, EquipoNuevoPage } = await import('./pages/EquipoNuevoPage');
      return {
        Component: function EquipoNuevoContent() {
          const { isAuthenticated } = useSession();
          return isAuthenticated ? <EquipoNuevoPage /> : <EquipoNuevoAnonimo />;
        },
      };
    },
  },
];
