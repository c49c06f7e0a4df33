import type { RouteObject } from 'react-router';
import { LoginPage } from './pages/LoginPage';
import { LogoutPage } from './pages/LogoutPage';

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/logout', element: <LogoutPage /> },
];
