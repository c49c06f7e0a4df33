// support: support queries (consultas and consulta_mensajes tables) and their live chat; publishes
// `chat.mensaje` and `consulta.estado` on /topic/user{id} of the owner and of every admin, and on
// /topic/consulta{id}. Public API: createSupportService(deps) → { …, canFollow } (the STOMP
// authorizer of the `consulta` kind), registerSupportRoutes(app, ctx, service).

export { registerSupportRoutes } from './support.routes.js';
export { createSupportService, type SupportDeps, type SupportService } from './support.service.js';
