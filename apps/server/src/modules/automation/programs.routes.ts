import {
  EjecutarProgramaInputSchema,
  EventoAnswerSchema,
  EventoSaveInputSchema,
  IdBodySchema,
  IntercambiarTareaInputSchema,
  OkSchema,
  ProgramaAnswerSchema,
  ProgramaSaveInputSchema,
  ProgramasRespuestaSchema,
  TareaAccionesInputSchema,
  TareaEliminarAccionInputSchema,
  TareaSaveInputSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { type Acceso, acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { EventsService } from './events.service.js';
import type { ProgramsService } from './programs.service.js';

/** HTTP for programs and tasks (spec 2 §7). Routes only translate; rules are in the services. */
export function registerProgramsRoutes(app: HttpApp, programs: ProgramsService, events: EventsService): void {
  const tags = tag('automatizacion');
  const post = <S, R>(path: string, body: S, response: R, summary: string, quien: Acceso = 'gestion') => ({
    path: `/sv/api/programas/${path}`,
    options: { ...acceso(quien, [404, 409]), schema: { tags, summary, body, response: { 200: response } } },
  });

  app.get(
    '/sv/api/programas/pu',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Los programas del usuario con sus tareas y su ejecución',
        response: { 200: ProgramasRespuestaSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await programs.mine(request.usuario.userId)),
    }),
  );
  {
    const r = post(
      'porId',
      IdBodySchema,
      ProgramaAnswerSchema,
      'Un programa con sus tareas, acciones, eventos y ejecución',
      'lectura',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.porId(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post('grabar', ProgramaSaveInputSchema, ProgramaAnswerSchema, 'Crea o edita un programa');
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.save(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('eliminar', IdBodySchema, OkSchema, 'Elimina un programa');
    app.post(r.path, r.options, async (request) => {
      await programs.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    });
  }
  {
    const r = post(
      'tarea/grabar',
      TareaSaveInputSchema,
      ProgramaAnswerSchema,
      'Crea o edita una tarea de un programa',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.saveTask(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/eliminar', IdBodySchema, ProgramaAnswerSchema, 'Elimina una tarea de un programa');
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.removeTask(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post(
      'tarea/grabarAccion',
      TareaAccionesInputSchema,
      ProgramaAnswerSchema,
      'Fija las acciones colectivas que ejecuta una tarea',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.saveTaskActions(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post(
      'tarea/eliminarAccion',
      TareaEliminarAccionInputSchema,
      ProgramaAnswerSchema,
      'Quita una acción colectiva de una tarea',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.removeTaskAction(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post(
      'tarea/grabarEvento',
      EventoSaveInputSchema,
      EventoAnswerSchema,
      'Crea o edita un evento de una tarea',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      evento: await events.save(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post('tarea/eliminarEvento', IdBodySchema, OkSchema, 'Elimina un evento de una tarea');
    app.post(r.path, r.options, async (request) => {
      await events.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    });
  }
  {
    const r = post(
      'intercambiarTarea',
      IntercambiarTareaInputSchema,
      ProgramaAnswerSchema,
      'Intercambia el orden de dos tareas',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.swap(request.usuario.userId, request.body),
    }));
  }
  {
    const r = post(
      'ejecutar',
      EjecutarProgramaInputSchema,
      ProgramaAnswerSchema,
      'Ejecuta un programa desde su primera tarea o desde otra',
      'comandos',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.run(request.usuario.userId, request.body.id, request.body.idTareaComienza),
    }));
  }
  {
    const r = post(
      'cancelarEjecucion',
      IdBodySchema,
      ProgramaAnswerSchema,
      'Cancela la ejecución en curso de un programa',
      'comandos',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.cancel(request.usuario.userId, request.body.id),
    }));
  }
  {
    const r = post(
      'continuarEjecucion',
      IdBodySchema,
      ProgramaAnswerSchema,
      'Continúa un programa que espera pasar a la tarea siguiente',
      'comandos',
    );
    app.post(r.path, r.options, async (request) => ({
      status: 1 as const,
      programa: await programs.continueRun(request.usuario.userId, request.body.id),
    }));
  }
}
