// Users: accounts, profile, roles, country codes, activation links and the admin/demo seed.
// Public API: password hashing now; the users service and routes are added below.
export { hashPassword, verifyPassword } from './password.js';
