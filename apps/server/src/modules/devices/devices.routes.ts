import {
  ActualizarLabelInputSchema,
  AsignarEquipoInputSchema,
  BuscarEquiposInputSchema,
  CarpetaSaveInputSchema,
  EquipoSaveInputSchema,
  EquipoUpdateInputSchema,
  GuardarLayoutInputSchema,
  IdBodySchema,
  MoverDeCarpetaInputSchema,
  SensorSaveInputSchema,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { DevicesService } from './devices.service.js';

/** HTTP for devices, folders, sensors and layouts (spec 1 §7). Routes only translate; rules are in the services. */
export function registerDevicesRoutes(app: HttpApp, ctx: PlatformContext, service: DevicesService): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['equipos'];
  const { devices, folders, sensors } = service;

  // ---- catalogues
  app.get('/sv/api/equipo/tipoSensores', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tiposSensor: await devices.sensorTypes(),
  }));
  app.get('/sv/api/equipo/tiposEquipo', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tiposEquipo: await devices.deviceTypes(),
  }));
  app.get('/sv/api/equipo/traerGeneralSensor', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tiposSensor: await devices.sensorTypes(),
    tiposWidget: await devices.widgetTypes(),
    tiposDato: devices.dataTypes(),
  }));

  // ---- devices
  app.get('/sv/api/equipo/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    equipos: await devices.mine(request.usuario.userId),
  }));
  app.get('/sv/api/equipo/compartido/:id', { schema: { tags, params: IdBodySchema } }, async (request) => ({
    status: 1 as const,
    equipo: await devices.shared(request.params.id),
  }));
  app.get('/sv/api/equipo/:id', { ...auth, schema: { tags, params: IdBodySchema } }, async (request) => ({
    status: 1 as const,
    equipo: await devices.get(request.usuario.userId, request.params.id),
  }));
  app.post(
    '/sv/api/equipo/grabar',
    { ...auth, schema: { tags, body: EquipoSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/equipo/actualizarEquipoUs',
    { ...auth, schema: { tags, body: EquipoUpdateInputSchema } },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.update(request.usuario.userId, request.body),
    }),
  );
  app.post('/sv/api/equipo/eliminar', { ...auth, schema: { tags, body: IdBodySchema } }, async (request) => ({
    status: 1 as const,
    ...(await devices.unlink(request.usuario.userId, request.body.id)),
  }));
  app.post(
    '/sv/api/equipo/desasociar',
    { ...auth, schema: { tags, body: IdBodySchema } },
    async (request) => ({
      status: 1 as const,
      ...(await devices.unlink(request.usuario.userId, request.body.id)),
    }),
  );
  app.post(
    '/sv/api/equipos/asignarEquipo',
    { ...auth, schema: { tags, body: AsignarEquipoInputSchema } },
    async (request) => {
      await devices.assign(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/equipo/buscarEquipos',
    { ...auth, schema: { tags, body: BuscarEquiposInputSchema } },
    async (request) => ({
      status: 1 as const,
      equipos: await devices.search(request.usuario.userId, request.body.nombre),
    }),
  );
  app.post(
    '/sv/api/guardarLayout',
    { ...auth, schema: { tags, body: GuardarLayoutInputSchema } },
    async (request) => ({
      status: 1 as const,
      layouts: await devices.saveLayout(request.usuario.userId, request.body),
    }),
  );

  // ---- folders
  app.get('/sv/api/usuario/traerCarpetas', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await folders.tree(request.usuario.userId)),
  }));
  app.post(
    '/sv/api/usuario/grabarCarpeta',
    { ...auth, schema: { tags, body: CarpetaSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      carpeta: await folders.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/usuario/eliminarCarpeta',
    { ...auth, schema: { tags, body: IdBodySchema } },
    async (request) => {
      await folders.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/usuario/moverDeCarpeta',
    { ...auth, schema: { tags, body: MoverDeCarpetaInputSchema } },
    async (request) => {
      await folders.moveDevice(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );

  // ---- sensors
  app.post(
    '/sv/api/equipo/agregarSensorDesarrollador',
    { ...auth, schema: { tags, body: SensorSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      sensor: await sensors.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/equipo/eliminarSensorDesarrollador',
    { ...auth, schema: { tags, body: IdBodySchema } },
    async (request) => {
      await sensors.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/sensor/actualizarLabel',
    { ...auth, schema: { tags, body: ActualizarLabelInputSchema } },
    async (request) => ({
      status: 1 as const,
      sensor: await sensors.updateLabel(request.usuario.userId, request.body),
    }),
  );
}
