// views: the user's vistas (views and view_sensors tables); sensors, roles and layouts come from devices.
// Public API: createViewsService(deps) → { mine, save, remove, removeSensor, owns },
// registerViewsRoutes(app, ctx, service). modules.ts hands `owns` to devices for guardarLayout.

export { registerViewsRoutes } from './views.routes.js';
export { createViewsService, type ViewsDeps, type ViewsService } from './views.service.js';
