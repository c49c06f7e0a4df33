// Users: accounts, profile, roles, country codes, activation links, verification codes and the admin/demo seed.
// Public API: createUsersService (register, createPendingUser, sessionUser, …), registerUsersRoutes,
// findDemoUserId(db) for the demo device seed, and password hashing.
export { hashPassword, verifyPassword } from './password.js';
export { publicOrigin, registerUsersRoutes } from './users.routes.js';
export {
  activationLinkTtlHours,
  createUsersService,
  demoUser,
  findDemoUserId,
  isWrongCurrentPassword,
  type UsersDeps,
  type UsersService,
} from './users.service.js';
export { codeTtlMinutes, maxCodeAttempts } from './verification.js';
