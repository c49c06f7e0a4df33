// groups: sharing devices (spec 2 §3, §4, §7 Groups). Owns access_requests; roles (device_users)
// stay with devices and are reached through its `sharing` service, usernames through users.
// Public API: createGroupsService(deps), registerGroupsRoutes(app, ctx, service).
export { registerGroupsRoutes } from './groups.routes.js';
export { createGroupsService, type GroupsDeps, type GroupsService } from './groups.service.js';
