/**
 * automation: collective actions, favourites, events (evaluated on ingest or scheduled) and
 * programs of timed tasks, on the durable scheduler (platform/jobs). Commands go out through
 * telemetry's command path; notifications through the notifier.
 */
export { createActionRunner } from './actions.runner.js';
export { type ActionsService, type AutomationDeps, createActionsService } from './actions.service.js';
export { registerAutomationRoutes } from './automation.routes.js';
export { createEventsEngine, type EventsEngine } from './events.engine.js';
export { registerEventsRoutes } from './events.routes.js';
export { createEventsService, type EventsService } from './events.service.js';
export { registerProgramsRoutes } from './programs.routes.js';
export { createProgramsService, type ProgramsService } from './programs.service.js';
