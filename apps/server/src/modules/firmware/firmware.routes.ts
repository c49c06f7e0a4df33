import type { Readable } from 'node:stream';
import {
  ActualizacionSchema,
  DespliegueCrearSchema,
  DespliegueRespuestaSchema,
  DespliegueSchema,
  DesplieguesRespuestaSchema,
  FirmwareEquipoRespuestaSchema,
  IdSchema,
  mensajes,
  OkSchema,
  PaqueteRespuestaSchema,
  PaqueteSubirQuerySchema,
  PaquetesRespuestaSchema,
} from '@nexo/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HttpApp } from '../../platform/context.js';
import { acceso, entero } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { tag } from '../../platform/http/openapi.js';
import type { FirmwareService } from './firmware.service.js';

const IdParams = z.object({ id: IdSchema });
const DescargaParams = z.object({ apikey: z.string().min(1).max(100), id: IdSchema });
const DescargaQuery = z.object({ secret: z.string().max(200).optional() });

const binario = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
});

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Firmware routes: packages and rollouts for owners and device administrators (session or API
 * token), the admin's inventory packages, and the device download (its apikey and secret).
 */
export function registerFirmwareRoutes(
  app: HttpApp,
  firmware: FirmwareService,
  deps: { roleOn(userId: number, deviceId: number): Promise<number | null> },
): void {
  const tags = tag('firmware');

  // Uploads stream: the body is the image itself, read piece by piece into the storage.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const uploadHandler = (inventario: boolean) => async (request: FastifyRequest) => {
      const length = header(request, 'content-length');
      const paquete = await firmware.upload(
        request.usuario.userId,
        request.query as z.infer<typeof PaqueteSubirQuerySchema>,
        {
          contentType: header(request, 'content-type'),
          contentLength: length === undefined ? null : Number(length),
          stream: (request.body ?? []) as AsyncIterable<Buffer>,
        },
        inventario,
      );
      return { status: 1 as const, paquete };
    };
    (scoped as HttpApp).post(
      '/sv/api/firmware/paquete',
      {
        ...acceso('gestion', [409]),
        schema: {
          tags,
          summary:
            'Sube un paquete de firmware: el cuerpo es el binario (application/octet-stream), los datos van en la URL',
          querystring: PaqueteSubirQuerySchema,
          response: { 200: PaqueteRespuestaSchema },
        },
      },
      uploadHandler(false),
    );
    (scoped as HttpApp).post(
      '/sv/api/admin/firmware/paquete',
      {
        ...acceso('admin', [409]),
        schema: {
          tags,
          summary: 'El administrador sube un paquete de firmware para un tipo de equipo del inventario',
          querystring: PaqueteSubirQuerySchema,
          response: { 200: PaqueteRespuestaSchema },
        },
      },
      uploadHandler(true),
    );
  });

  app.get(
    '/sv/api/firmware/paquetes',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Los paquetes de firmware del usuario y si su plan permite usarlos',
        response: { 200: PaquetesRespuestaSchema },
      },
    },
    async (request) => ({ status: 1 as const, ...(await firmware.paquetes(request.usuario.userId)) }),
  );

  app.post(
    `/sv/api/firmware/paquete/:id${entero}/eliminar`,
    {
      ...acceso('gestion', [404, 409]),
      schema: {
        tags,
        summary: 'Elimina un paquete de firmware sin despliegues en curso',
        params: IdParams,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await firmware.eliminarPaquete(request.usuario.userId, request.params.id);
      return { status: 1 as const };
    },
  );

  const despliegueRespuesta = z.object({ status: z.literal(1), despliegue: DespliegueSchema });
  app.post(
    '/sv/api/firmware/despliegue',
    {
      ...acceso('gestion', [404, 409]),
      schema: {
        tags,
        summary: 'Asigna un paquete a un equipo, una carpeta o todos los equipos de un tipo que administra',
        body: DespliegueCrearSchema,
        response: { 200: despliegueRespuesta },
      },
    },
    async (request) => ({
      status: 1 as const,
      despliegue: await firmware.crearDespliegue(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/firmware/despliegue',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'El administrador despliega un paquete del inventario en los equipos de su tipo',
        body: DespliegueCrearSchema,
        response: { 200: despliegueRespuesta },
      },
    },
    async (request) => ({
      status: 1 as const,
      despliegue: await firmware.crearDespliegue(request.usuario.userId, request.body, true),
    }),
  );

  app.get(
    '/sv/api/firmware/despliegues',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Los despliegues del usuario con la cantidad de equipos en cada estado',
        response: { 200: DesplieguesRespuestaSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      despliegues: await firmware.despliegues(request.usuario.userId),
    }),
  );

  app.get(
    `/sv/api/firmware/despliegue/:id${entero}`,
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'Un despliegue con el estado de la actualización de cada equipo',
        params: IdParams,
        response: { 200: DespliegueRespuestaSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await firmware.despliegue(request.usuario.userId, request.params.id)),
    }),
  );

  const acciones = {
    pausar: 'Pausa un despliegue: no se avisa a más equipos hasta reanudarlo',
    reanudar: 'Reanuda un despliegue pausado',
    cancelar: 'Cancela un despliegue: las actualizaciones que no terminaron quedan canceladas',
  } as const;
  for (const [accion, summary] of Object.entries(acciones) as Array<[keyof typeof acciones, string]>) {
    app.post(
      `/sv/api/firmware/despliegue/:id${entero}/${accion}`,
      {
        ...acceso('gestion', [404, 409]),
        schema: { tags, summary, params: IdParams, response: { 200: OkSchema } },
      },
      async (request) => {
        await firmware[accion](request.usuario.userId, request.params.id);
        return { status: 1 as const };
      },
    );
  }

  app.post(
    `/sv/api/firmware/actualizacion/:id${entero}/reintentar`,
    {
      ...acceso('gestion', [404, 409]),
      schema: {
        tags,
        summary: 'Reintenta la actualización fallida de un equipo',
        params: IdParams,
        response: { 200: z.object({ status: z.literal(1), actualizacion: ActualizacionSchema }) },
      },
    },
    async (request) => ({
      status: 1 as const,
      actualizacion: await firmware.reintentar(request.usuario.userId, request.params.id),
    }),
  );

  app.get(
    `/sv/api/firmware/equipo/:id${entero}`,
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'El firmware que informa un equipo, su última actualización y su historial',
        params: IdParams,
        response: { 200: FirmwareEquipoRespuestaSchema },
      },
    },
    async (request) => {
      const role = await deps.roleOn(request.usuario.userId, request.params.id);
      if (!role) throw notFound(mensajes.equipoNoEncontrado);
      return { status: 1 as const, ...(await firmware.equipo(request.params.id)) };
    },
  );

  // The device download: apikey in the path, secret in X-Api-Secret (or ?secret=), Range to resume.
  app.get(
    `/sv/dispositivo/:apikey/firmware/:id${entero}`,
    {
      ...acceso('dispositivo', [404, 416, 429]),
      schema: {
        tags,
        summary:
          'Un dispositivo descarga su firmware (admite Range para reanudar; ETag y SHA-256 en cabeceras)',
        params: DescargaParams,
        querystring: DescargaQuery,
        response: {
          200: binario('La imagen completa'),
          206: binario('El rango pedido de la imagen (Content-Range)'),
        },
      },
    },
    async (request, reply) => {
      const secret = header(request, 'x-api-secret') ?? request.query.secret;
      const { pkg, range, stream } = await firmware.download(
        request.params.apikey,
        secret,
        request.ip,
        request.params.id,
        header(request, 'range'),
        header(request, 'if-range'),
      );
      reply
        .header('content-type', 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('etag', `"${pkg.sha256}"`)
        .header('x-nexo-sha256', pkg.sha256)
        .header('x-nexo-version', encodeURIComponent(pkg.version))
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${pkg.archivo.replace(/[^\w.-]/g, '_')}"`);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${pkg.tamano}`)
          .header('content-length', String(range.end - range.start + 1));
      } else {
        reply.header('content-length', String(pkg.tamano));
      }
      return reply.send(stream() as unknown as Readable as unknown as string);
    },
  );
}
