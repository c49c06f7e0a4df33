// admin: the operator's area (ROLE_ADMIN): the device inventory (through devices.inventory), users
// (through the users service), the catalogue (shop products, licensing plans, device types) and the
// audit log it owns (audit_log). Public API: createAdminService(deps) → { …, record } (other modules'
// admin actions write the log through it), registerAdminRoutes(app, ctx, service, users).
export { registerAdminRoutes } from './admin.routes.js';
export { type AdminDeps, type AdminService, createAdminService } from './admin.service.js';
