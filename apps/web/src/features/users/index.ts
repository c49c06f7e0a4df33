/** users: the user's own data, password and linked accounts under /perfil (server module users). */
export { userRoutes } from './routes';
