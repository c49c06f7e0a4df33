import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { deviceRoutes, publicDeviceRoutes } from '../features/devices/routes';
import { historyRoutes } from '../features/history/routes';
import { profileRoutes } from '../features/profile/routes';
import { EnConstruccion } from '../shared/ui/EnConstruccion';
import { AppLayout } from './layout/AppLayout';
import { LandingRedirect, RequireAdmin, RequireAuth } from './RequireAuth';

/** Administration (ROLE_ADMIN only, behind RequireAdmin); built by later issues. */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/equipos', element: <EnConstruccion titulo="Administración de equipos" /> },
];

/** Screens that later issues build; each shows a clear "en construcción" page until then. */
const pendingRoutes: RouteObject[] = [
  { path: '/home/misVistas', element: <EnConstruccion titulo="Mis Vistas" /> },
  { path: '/home/listaVista', element: <EnConstruccion titulo="Vista" /> },
  { path: '/home/misAcciones', element: <EnConstruccion titulo="Mis Acciones" /> },
  { path: '/home/misEventos', element: <EnConstruccion titulo="Mis Eventos" /> },
  { path: '/home/misProgramas', element: <EnConstruccion titulo="Mis Programas" /> },
  { path: '/home/programa', element: <EnConstruccion titulo="Programa" /> },
  { path: '/tienda/suscripcion', element: <EnConstruccion titulo="Suscripciones" /> },
  { path: '/tienda/productos', element: <EnConstruccion titulo="Productos" /> },
  { path: '/tienda/carrito', element: <EnConstruccion titulo="Carrito" /> },
  { path: '/tienda/misCompras', element: <EnConstruccion titulo="Mis Compras" /> },
];

export const routes: RouteObject[] = [
  ...authRoutes,
  ...publicDeviceRoutes,
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <LandingRedirect /> },
      ...deviceRoutes,
      ...historyRoutes,
      ...profileRoutes,
      ...pendingRoutes,
      { element: <RequireAdmin />, children: adminRoutes },
    ],
  },
  { path: '*', element: <Navigate to="/home/misEquipos" replace /> },
];

export const router = createBrowserRouter(routes);
