import type { RouteObject } from 'react-router';
import { EnConstruccion } from '../../shared/ui/EnConstruccion';

/** Placeholder routes of the devices feature until its pages exist. */
export const deviceRoutes: RouteObject[] = [
  { path: '/home/misEquipos', element: <EnConstruccion titulo="Mis Equipos" /> },
  { path: '/home/equipoNuevo', element: <EnConstruccion titulo="Agregar equipo" /> },
  { path: '/home/listaEquipo', element: <EnConstruccion titulo="Equipo" /> },
];
