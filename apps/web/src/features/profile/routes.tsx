import type { RouteObject } from 'react-router';
import { EnConstruccion } from '../../shared/ui/EnConstruccion';
import { MyDataPage } from './pages/MyDataPage';

export const profileRoutes: RouteObject[] = [
  { path: '/perfil/misDatos', element: <MyDataPage /> },
  { path: '/perfil/usuarios', element: <EnConstruccion titulo="Mis usuarios" /> },
  { path: '/perfil/misConsultas', element: <EnConstruccion titulo="Mis consultas" /> },
];
