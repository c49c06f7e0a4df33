import { Readable } from 'node:stream';
import {
  EliminarRegistroAnswerSchema,
  EliminarRegistroInputSchema,
  ExportarCsvInputSchema,
  GraficoAnswerSchema,
  GraficoInputSchema,
  HistorialAnswerSchema,
  HistorialInputSchema,
  HistorialWidgetAnswerSchema,
  HistorialWidgetInputSchema,
  InfoSensorAnswerSchema,
  InfoSensorInputSchema,
  RutaAnswerSchema,
  RutaInputSchema,
} from '@nexo/contracts';
import { z } from 'zod';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { HistoryService, SensorAccess } from './history.service.js';

export interface HistoryRoutesDeps {
  history: HistoryService;
  access: SensorAccess;
}

/** Letters, digits, '-' and '_' only (accents dropped), so the name is safe in every file system. */
export function safeFileName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

export function registerHistoryRoutes(app: HttpApp, deps: HistoryRoutesDeps): void {
  const { history, access } = deps;
  const tags = tag('historial');
  const csv = {
    description: 'El archivo CSV (fecha;hora;valor por sensor), como descarga',
    content: { 'text/csv': { schema: z.string() } },
  };

  app.post(
    '/sv/api/sensor/infoSensor',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Un sensor con el id de su equipo y el rol del usuario sobre él',
        body: InfoSensorInputSchema,
        response: { 200: InfoSensorAnswerSchema },
      },
    },
    async (request) => {
      const { sensor, deviceId, rolId } = await access.sensorFor(
        request.usuario.userId,
        request.body.idSensor,
      );
      return { status: 1 as const, sensor, idEquipo: deviceId, idRol: rolId };
    },
  );

  app.post(
    '/sv/api/sensor/historial',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'El historial de un sensor, paginado (por fecha o por valor)',
        body: HistorialInputSchema,
        response: { 200: HistorialAnswerSchema },
      },
    },
    async (request) => {
      const { sensor } = await access.sensorFor(request.usuario.userId, request.body.idSensor);
      return { status: 1 as const, ...(await history.list(sensor.id, request.body)) };
    },
  );

  app.post(
    '/sv/api/sensor/grafico',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Los puntos del gráfico de un sensor en un rango (agregados si son muchos)',
        body: GraficoInputSchema,
        response: { 200: GraficoAnswerSchema },
      },
    },
    async (request) => {
      const { sensor } = await access.sensorFor(request.usuario.userId, request.body.idSensor);
      return { status: 1 as const, ...(await history.chart(sensor.id, request.body)) };
    },
  );

  app.post(
    '/sv/api/sensor/historialWidget',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Las últimas horas de un sensor para su widget de gráfico',
        body: HistorialWidgetInputSchema,
        response: { 200: HistorialWidgetAnswerSchema },
      },
    },
    async (request) => {
      const { sensor } = await access.sensorFor(request.usuario.userId, request.body.id);
      return { status: 1 as const, ...(await history.widget(sensor.id, request.body.cantidadHoras)) };
    },
  );

  app.post(
    '/sv/api/sensor/eliminarRegistro',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Elimina lecturas del historial de un sensor',
        body: EliminarRegistroInputSchema,
        response: { 200: EliminarRegistroAnswerSchema },
      },
    },
    async (request) => {
      const { sensor, rolId } = await access.sensorFor(request.usuario.userId, request.body.id);
      const eliminados = await history.deleteRecords({ sensorId: sensor.id, rolId }, request.body);
      return { status: 1 as const, eliminados };
    },
  );

  app.post(
    '/sv/api/sensor/ruta',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'La ruta (puntos de mapa) de un sensor de ubicación en un rango',
        body: RutaInputSchema,
        response: { 200: RutaAnswerSchema },
      },
    },
    async (request) => {
      const { sensor } = await access.sensorFor(request.usuario.userId, request.body.idSensor);
      return { status: 1 as const, ...(await history.route(sensor, request.body)) };
    },
  );

  // CSV export: GET (query string) or POST (JSON body); both stream the file.
  const exportCsv = async (userId: number, input: z.output<typeof ExportarCsvInputSchema>) => {
    const sensors: { id: number; label: string; equipo: string }[] = [];
    for (const id of new Set(input.ids)) {
      const { sensor, deviceId } = await access.sensorFor(userId, id);
      sensors.push({ id: sensor.id, label: sensor.labelUsuario, equipo: await access.deviceName(deviceId) });
    }
    return { sensors, chunks: history.csv(sensors, input) };
  };
  /** 'Invernadero-Temperatura-2026-11-25.csv': the device and sensor names in safe characters. */
  const fileName = (sensors: { label: string; equipo: string }[]) => {
    const parts = [...new Set(sensors.flatMap((s) => [s.equipo, s.label]))].map(safeFileName).filter(Boolean);
    const base = parts.join('-').slice(0, 80).replace(/-+$/, '') || 'historial';
    return `${base}-${new Date().toISOString().slice(0, 10)}.csv`;
  };

  // The CSV leaves as a stream; the document (and the reply's type) describe it as the text it is.
  const csvStream = (chunks: Parameters<typeof Readable.from>[0]) =>
    Readable.from(chunks) as unknown as string;

  app.get(
    '/sv/api/sensor/exportarCsv',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Exporta el historial de uno o más sensores en CSV (parámetros en la URL)',
        response: { 200: csv },
        querystring: ExportarCsvInputSchema,
      },
    },
    async (request, reply) => {
      const { sensors, chunks } = await exportCsv(request.usuario.userId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(sensors)}"`)
        .header('cache-control', 'no-store')
        .send(csvStream(chunks));
    },
  );
  app.post(
    '/sv/api/sensor/exportarCsv',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Exporta el historial de uno o más sensores en CSV',
        response: { 200: csv },
        body: ExportarCsvInputSchema,
      },
    },
    async (request, reply) => {
      const { sensors, chunks } = await exportCsv(request.usuario.userId, request.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(sensors)}"`)
        .header('cache-control', 'no-store')
        .send(csvStream(chunks));
    },
  );
}
