/**
 * automation: collective actions and favourites (spec 2 §1–§7); events, programs and the durable
 * scheduler join it later. Commands go out through telemetry's command path.
 */
export { type ActionsService, type AutomationDeps, createActionsService } from './actions.service.js';
export { registerAutomationRoutes } from './automation.routes.js';
