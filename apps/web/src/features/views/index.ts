// views (vistas): the user's dashboards of sensors from several devices; pages /home/misVistas and
// /home/listaVista. Others use `viewRoutes` (router) and `useMenuViews` (side menu).

export { useMenuViews } from './hooks/useMenuViews';
export { viewRoutes } from './routes';
