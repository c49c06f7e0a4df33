// Users: accounts, profile, roles, country codes, activation links, verification codes and the admin/demo seed.
// Public API: createUsersService (register, createPendingUser, sessionUser, …), registerUsersRoutes,
// findDemoUserId(db) for the demo device seed, password hashing, and createUserDirectory(db): the
// read interface other modules use instead of the users table.
export { hashPassword, verifyPassword } from './password.js';
export { createUserDirectory, type UserDirectory } from './users.directory.js';
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
