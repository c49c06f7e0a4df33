import type { RouteObject } from 'react-router';
import { LoginPage } from './pages/LoginPage';
import { LogoutPage } from './pages/LogoutPage';
import { authPaths } from './paths';

export const authRoutes: RouteObject[] = [
  { path: authPaths.login, element: <LoginPage /> },
  { path: authPaths.logout, element: <LogoutPage /> },
];
