import {
  EjecutarProgramaInputSchema,
  EventoSaveInputSchema,
  IdBodySchema,
  IntercambiarTareaInputSchema,
  ProgramaSaveInputSchema,
  TareaAccionesInputSchema,
  TareaEliminarAccionInputSchema,
  TareaSaveInputSchema,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { EventsService } from './events.service.js';
import type { ProgramsService } from './programs.service.js';

/** HTTP for programs and tasks (spec 2 §7). Routes only translate; rules are in the services. */
export function registerProgramsRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  programs: ProgramsService,
  events: EventsService,
): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['automatización'];
  const post = <S>(path: string, body: S) => ({
    path: `/sv/api/programas/${path}`,
    options: { ...auth, schema: { tags, body } },
  });

  app.get('/sv/api/programas/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await programs.mine(request.usuario.userId)),
  }));
  {
    const r = post('porId', IdBodySchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.porId(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post('grabar', ProgramaSaveInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.save(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('eliminar', IdBodySchema);
    app.post(r.path, r.options, async (request) => {
      await programs.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    });
  }
  {
    const r = post('tarea/grabar', TareaSaveInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.saveTask(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/eliminar', IdBodySchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.removeTask(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post('tarea/grabarAccion', TareaAccionesInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.saveTaskActions(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/eliminarAccion', TareaEliminarAccionInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.removeTaskAction(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/grabarEvento', EventoSaveInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      evento: await events.save(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/eliminarEvento', IdBodySchema);
    app.post(r.path, r.options, async (request) => {
      await events.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    });
  }
  {
    const r = post('intercambiarTarea', IntercambiarTareaInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.swap(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('ejecutar', EjecutarProgramaInputSchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.run(request.usuario.userId, request.body.id, request.body.idTareaComienza),
    }));
  }
  {
    const r = post('cancelarEjecucion', IdBodySchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.cancel(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post('continuarEjecucion', IdBodySchema);
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.continueRun(request.usuario.userId, request.body.id),
    }));
  }
}
