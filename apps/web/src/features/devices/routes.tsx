import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { useSession } from '../../shared/api/session';
import { sessionStore } from '../../shared/api/sessionStore';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The device dashboard; its loader below also requests the device. */
const listaEquipo = lazyPage(async () => (await import('./pages/ListaEquipoPage')).ListaEquipoPage);

/**
 * The dashboard's code and device are requested as the navigation starts, in parallel with the
 * frame's code (the router runs the loader at once); the page finds the device in the cache. Returns at once:
 * the page never waits for the loader. The query client and the device queries are imported here,
 * not at the top, so /login does not download them (the dashboard needs them anyway).
 */
function prefetchDashboard({ request }: LoaderFunctionArgs) {
  listaEquipo.loader();
  const id = Number(new URL(request.url).searchParams.get('id'));
  if (sessionStore.get() && Number.isSafeInteger(id) && id > 0)
    void Promise.all([import('../../shared/api/queryClient'), import('./api/devicesQueries')]).then(
      ([{ queryClient }, { prefetchEquipo }]) => prefetchEquipo(queryClient, id),
    );
  return null;
}

/**
 * Protected pages of the device area (inside the authenticated layout). They load lazily so the
 * login page does not download the charts and maps the dashboards need.
 */
export const deviceRoutes: RouteObject[] = [
  {
    path: '/home/misEquipos',
    ...lazyPage(async () => (await import('./pages/MisEquiposPage')).MisEquiposPage),
  },
  {
    path: '/home/listaEquipo',
    Component: listaEquipo.Component,
    loader: prefetchDashboard,
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
    ...lazyPage(async () => {
      const { EquipoNuevoAnonimo, EquipoNuevoPage } = await import('./pages/EquipoNuevoPage');
      return function EquipoNuevoContent() {
        const { isAuthenticated } = useSession();
        return isAuthenticated ? <EquipoNuevoPage /> : <EquipoNuevoAnonimo />;
      };
    }),
  },
];
