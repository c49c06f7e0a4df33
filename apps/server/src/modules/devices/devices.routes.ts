import {
  ActualizarLabelInputSchema,
  AsignarEquipoInputSchema,
  BuscarEquiposInputSchema,
  CarpetaAnswerSchema,
  CarpetaSaveInputSchema,
  CarpetasAnswerSchema,
  EquipoAnswerSchema,
  EquipoCompartidoAnswerSchema,
  EquipoEliminadoAnswerSchema,
  EquipoReclamadoAnswerSchema,
  EquipoSaveInputSchema,
  EquiposAnswerSchema,
  EquipoUpdateInputSchema,
  GeneralSensorAnswerSchema,
  GuardarLayoutInputSchema,
  IdBodySchema,
  LayoutsAnswerSchema,
  MoverDeCarpetaInputSchema,
  OkSchema,
  ReclamarEquipoInputSchema,
  SensorAnswerSchema,
  SensorSaveInputSchema,
  TiposEquipoAnswerSchema,
  TiposSensorAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso, entero } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { DevicesService } from './devices.service.js';

/** HTTP for devices, folders, sensors and layouts (spec 1 §7). Routes only translate; rules are in the services. */
export function registerDevicesRoutes(app: HttpApp, service: DevicesService): void {
  const tags = tag('equipos');
  const { devices, folders, sensors } = service;

  // ---- claiming a labelled inventory device by its code (issue 28)
  app.post(
    '/sv/api/equipo/reclamar',
    {
      ...acceso('gestion', [403, 409, 429]),
      schema: {
        tags,
        summary: 'Reclama un equipo del inventario con el código de su etiqueta (un solo uso)',
        body: ReclamarEquipoInputSchema,
        response: { 200: EquipoReclamadoAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      equipo: await service.claims.claim(request.usuario.userId, request.body.codigo, request.ip),
    }),
  );

  // ---- catalogues
  app.get(
    '/sv/api/equipo/tipoSensores',
    {
      ...acceso('lectura'),
      schema: { tags, summary: 'Catálogo de tipos de sensor', response: { 200: TiposSensorAnswerSchema } },
    },
    async () => ({
      status: 1 as const,
      tiposSensor: await devices.sensorTypes(),
    }),
  );
  app.get(
    '/sv/api/equipo/tiposEquipo',
    {
      ...acceso('lectura'),
      schema: { tags, summary: 'Catálogo de tipos de equipo', response: { 200: TiposEquipoAnswerSchema } },
    },
    async () => ({
      status: 1 as const,
      tiposEquipo: await devices.deviceTypes(),
    }),
  );
  app.get(
    '/sv/api/equipo/traerGeneralSensor',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Catálogos para el formulario de sensor: tipos de sensor, de widget y de dato',
        response: { 200: GeneralSensorAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      tiposSensor: await devices.sensorTypes(),
      tiposWidget: await devices.widgetTypes(),
      tiposDato: devices.dataTypes(),
    }),
  );

  // ---- devices
  app.get(
    '/sv/api/equipo/pu',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Los equipos del usuario, con sus sensores, widgets y grillas',
        response: { 200: EquiposAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      equipos: await devices.mine(request.usuario.userId),
    }),
  );
  app.get(
    `/sv/api/equipo/compartido/:id${entero}`,
    {
      ...acceso('publico', [404]),
      schema: {
        tags,
        summary: 'El nombre de un equipo compartido por enlace (sin sus datos)',
        response: { 200: EquipoCompartidoAnswerSchema },
        params: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.shared(request.params.id),
    }),
  );
  app.get(
    `/sv/api/equipo/:id${entero}`,
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Un equipo del usuario, con sus sensores, widgets y grilla',
        response: { 200: EquipoAnswerSchema },
        params: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.get(request.usuario.userId, request.params.id),
    }),
  );
  app.post(
    '/sv/api/equipo/grabar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea un equipo o cambia su nombre y carpeta',
        response: { 200: EquipoAnswerSchema },
        body: EquipoSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/equipo/actualizarEquipoUs',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Cambia el nombre o el tipo de un equipo',
        response: { 200: EquipoAnswerSchema },
        body: EquipoUpdateInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      equipo: await devices.update(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/equipo/eliminar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Quita el equipo de la cuenta del usuario (el propietario lo elimina)',
        response: { 200: EquipoEliminadoAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await devices.unlink(request.usuario.userId, request.body.id)),
    }),
  );
  app.post(
    '/sv/api/equipo/desasociar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Quita el equipo de la cuenta del usuario (igual que eliminar)',
        response: { 200: EquipoEliminadoAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await devices.unlink(request.usuario.userId, request.body.id)),
    }),
  );
  app.post(
    '/sv/api/equipos/asignarEquipo',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Comparte un equipo con otro usuario, por nombre de usuario o correo',
        response: { 200: OkSchema },
        body: AsignarEquipoInputSchema,
      },
    },
    async (request) => {
      await devices.assign(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/equipo/buscarEquipos',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Busca equipos del usuario por nombre',
        response: { 200: EquiposAnswerSchema },
        body: BuscarEquiposInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      equipos: await devices.search(request.usuario.userId, request.body.nombre),
    }),
  );
  app.post(
    '/sv/api/guardarLayout',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Guarda la grilla de widgets de un equipo o de una vista',
        response: { 200: LayoutsAnswerSchema },
        body: GuardarLayoutInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      layouts: await devices.saveLayout(request.usuario.userId, request.body),
    }),
  );

  // ---- folders
  app.get(
    '/sv/api/usuario/traerCarpetas',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'El árbol de carpetas del usuario con sus equipos',
        response: { 200: CarpetasAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await folders.tree(request.usuario.userId)),
    }),
  );
  app.post(
    '/sv/api/usuario/grabarCarpeta',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea o renombra una carpeta',
        response: { 200: CarpetaAnswerSchema },
        body: CarpetaSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      carpeta: await folders.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/usuario/eliminarCarpeta',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Elimina una carpeta (sus equipos pasan a la raíz)',
        response: { 200: OkSchema },
        body: IdBodySchema,
      },
    },
    async (request) => {
      await folders.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/usuario/moverDeCarpeta',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Mueve un equipo a otra carpeta',
        response: { 200: OkSchema },
        body: MoverDeCarpetaInputSchema,
      },
    },
    async (request) => {
      await folders.moveDevice(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );

  // ---- sensors
  app.post(
    '/sv/api/equipo/agregarSensorDesarrollador',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea o edita un sensor con sus widgets',
        response: { 200: SensorAnswerSchema },
        body: SensorSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      sensor: await sensors.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/equipo/eliminarSensorDesarrollador',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Elimina un sensor y su historial',
        response: { 200: OkSchema },
        body: IdBodySchema,
      },
    },
    async (request) => {
      await sensors.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/sensor/actualizarLabel',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Cambia la etiqueta de un sensor o el nombre de uno de sus widgets',
        response: { 200: SensorAnswerSchema },
        body: ActualizarLabelInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      sensor: await sensors.updateLabel(request.usuario.userId, request.body),
    }),
  );
}
