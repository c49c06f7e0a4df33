/**
 * auth: login, logout, registration and account activation (server module auth). The users
 * feature reuses the user-data fields, their uniqueness check and the mailed-code step.
 */
export { authApi } from './api/authApi';
export { RegistrationCodeDialog } from './components/RegistrationCodeDialog';
export { UserFields } from './components/UserFields';
export { useUserUniqueness } from './hooks/useUserUniqueness';
export type { LoginRedirectState } from './loginRedirect';
export { LoginPage } from './pages/LoginPage';
export { authPaths } from './paths';
export { authRoutes } from './routes';
