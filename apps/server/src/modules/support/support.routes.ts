import {
  CambiarEstadoConsultaInputSchema,
  ConsultaAnswerSchema,
  ConsultasAnswerSchema,
  EnviarMensajeConsultaInputSchema,
  IdBodySchema,
  ListadoConsultasAdminQuerySchema,
  MensajeConsultaAnswerSchema,
  NuevaConsultaInputSchema,
  TiposProblemaAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { SupportService } from './support.service.js';

/**
 * HTTP for support queries (spec 2 §7 Consultas) and the support team's side under
 * /sv/api/admin/consulta (the spec names no admin paths; ROLE_ADMIN is checked in the service
 * against the users table). Routes only translate; rules are in the service.
 */
export function registerSupportRoutes(app: HttpApp, support: SupportService): void {
  const tags = tag('consultas');

  app.get(
    '/sv/api/consulta/pu',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Las consultas de soporte del usuario',
        response: { 200: ConsultasAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      consultas: await support.mine(request.usuario.userId),
    }),
  );
  app.get(
    '/sv/api/consulta/tiposProblema',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Catálogo de tipos de problema',
        response: { 200: TiposProblemaAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      tiposProblema: support.tiposProblema(),
    }),
  );
  app.post(
    '/sv/api/consulta/grabar',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Abre una consulta de soporte',
        response: { 200: ConsultaAnswerSchema },
        body: NuevaConsultaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      pedido: await support.create(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/consulta/pedido',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Una consulta del usuario con sus mensajes',
        response: { 200: ConsultaAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      pedido: await support.pedido(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/consulta/enviarMensaje',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Envía un mensaje en una consulta abierta',
        response: { 200: MensajeConsultaAnswerSchema },
        body: EnviarMensajeConsultaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      mensaje: await support.sendMessage(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/consulta/cambiarEstado',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Cierra o cancela una consulta',
        response: { 200: ConsultaAnswerSchema },
        body: CambiarEstadoConsultaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      pedido: await support.changeState(request.usuario.userId, request.body),
    }),
  );

  // ---- the support team (ROLE_ADMIN) ----
  app.get(
    '/sv/api/admin/consulta/listado',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Las consultas de todos los usuarios (administración)',
        response: { 200: ConsultasAnswerSchema },
        querystring: ListadoConsultasAdminQuerySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      consultas: await support.adminList(request.usuario.userId, request.query.todas),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/pedido',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Una consulta con sus mensajes (administración)',
        response: { 200: ConsultaAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      pedido: await support.adminPedido(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/enviarMensaje',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Responde una consulta (administración)',
        response: { 200: MensajeConsultaAnswerSchema },
        body: EnviarMensajeConsultaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      mensaje: await support.adminReply(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/cambiarEstado',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Cambia el estado de una consulta (administración)',
        response: { 200: ConsultaAnswerSchema },
        body: CambiarEstadoConsultaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      pedido: await support.adminChangeState(request.usuario.userId, request.body),
    }),
  );
}
