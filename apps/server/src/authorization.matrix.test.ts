import { rolesUsuario } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './test/factories.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

/**
 * The authorization matrix: every route the running server registered (Fastify's route table, not a
 * hand-kept list) has an access class here, and each class is checked against callers of each kind.
 * A new route without an entry fails the first test. Device roles within a device (user, admin,
 * developer, owner) are checked route by route in modules/devices/permissions.test.ts and the
 * groups tests; this matrix checks who reaches a route at all.
 */
type Acceso =
  /** Anyone, with no session (catalogue, captcha, login, registration). */
  | 'publico'
  /** A session: anonymous 401, any logged-in user passes the guard. */
  | 'sesion'
  /** ROLE_ADMIN, read from the account: anonymous 401, any other user 403. */
  | 'admin'
  /** A device's own credentials (apikey + secret): anything else 401. */
  | 'dispositivo'
  /** A payment provider's signed notification: unsigned 401. */
  | 'webhook'
  /** Operations: health (public), metrics (token). */
  | 'operacion'
  /** The web app's files and the API docs. */
  | 'web';

const matriz: Record<string, Acceso> = {
  'GET /sv/docs': 'web',
  'GET /sv/docs/static/index.html': 'web',
  'GET /sv/docs/static/swagger-initializer.js': 'web',
  'GET /sv/docs/json': 'web',
  'GET /sv/docs/yaml': 'web',
  'GET /sv/docs/static/*': 'web',
  'GET /*': 'web',
  'GET /sv/health': 'operacion',
  'GET /sv/health/live': 'operacion',
  'GET /sv/health/ready': 'operacion',
  'GET /sv/metrics': 'operacion',

  'POST /sv/usuario/enviarCodigoRegistracion': 'publico',
  'POST /sv/usuario/chequearMailExiste': 'publico',
  'POST /sv/usuario/chequearUsuarioExiste': 'publico',
  'POST /sv/usuario/activarCuenta': 'publico',
  'POST /sv/usuario/reenviarActivacion': 'publico',
  'POST /sv/usuario/cambiarPassword': 'publico',
  'GET /sv/usuario/codigosPais': 'publico',
  'POST /sv/usuario/recuperarPassword': 'publico',
  'POST /sv/usuario/registrar': 'publico',
  'GET /sv/api/config': 'publico',
  'GET /sv/api/captcha': 'publico',
  'POST /sv/api/login': 'publico',
  'POST /sv/oauth/access_token': 'publico',
  'POST /sv/api/logout': 'publico',
  'GET /sv/api/notificaciones/vapidPublicKey': 'publico',
  'GET /sv/ventas/traerProductos': 'publico',
  'GET /sv/ventas/traerCategoriaProductos': 'publico',
  'GET /sv/suscripciones/listado': 'publico',
  'GET /sv/ventas/traerMediosPago': 'publico',
  'GET /sv/ventas/configPagos': 'publico',
  // The share link's dialog (spec 1 §9: origin + /home/equipoNuevo?id={id}) shows the device's name
  // before login: only the name, never its data (docs/security.md weighs it).
  'GET /sv/api/equipo/compartido/:id': 'publico',

  'GET /sv/dispositivo/:apikey/:nombreNexo': 'dispositivo',
  'POST /sv/dispositivo/:apikey/:nombreNexo': 'dispositivo',
  'POST /sv/ventas/webhook/mercadopago': 'webhook',
  'POST /sv/ventas/webhook/paypal': 'webhook',

  'GET /sv/api/usuario': 'sesion',
  'GET /sv/api/usuario/traerRoles': 'sesion',
  'POST /sv/api/usuario/actualizar': 'sesion',
  'POST /sv/api/usuario/cambiarPassword': 'sesion',
  'POST /sv/api/usuario/grabarPushSuscripcion': 'sesion',
  'GET /sv/api/notificaciones/traerPU': 'sesion',
  'GET /sv/api/notificaciones/marcarLeidas': 'sesion',
  'GET /sv/api/equipo/tipoSensores': 'sesion',
  'GET /sv/api/equipo/tiposEquipo': 'sesion',
  'GET /sv/api/equipo/traerGeneralSensor': 'sesion',
  'GET /sv/api/equipo/pu': 'sesion',

  'GET /sv/api/equipo/:id': 'sesion',
  'POST /sv/api/equipo/grabar': 'sesion',
  'POST /sv/api/equipo/actualizarEquipoUs': 'sesion',
  'POST /sv/api/equipo/eliminar': 'sesion',
  'POST /sv/api/equipo/desasociar': 'sesion',
  'POST /sv/api/equipos/asignarEquipo': 'sesion',
  'POST /sv/api/equipo/buscarEquipos': 'sesion',
  'POST /sv/api/guardarLayout': 'sesion',
  'GET /sv/api/usuario/traerCarpetas': 'sesion',
  'POST /sv/api/usuario/grabarCarpeta': 'sesion',
  'POST /sv/api/usuario/eliminarCarpeta': 'sesion',
  'POST /sv/api/usuario/moverDeCarpeta': 'sesion',
  'POST /sv/api/equipo/agregarSensorDesarrollador': 'sesion',
  'POST /sv/api/equipo/eliminarSensorDesarrollador': 'sesion',
  'POST /sv/api/sensor/actualizarLabel': 'sesion',
  'POST /sv/api/equipo/asociar': 'sesion',
  'GET /sv/api/autorizaciones/listado': 'sesion',
  'GET /sv/api/autorizaciones/mias': 'sesion',
  'POST /sv/api/grupo/asignarRol': 'sesion',
  'POST /sv/api/grupo/removerRol': 'sesion',
  'POST /sv/api/grupo/reasignarRol': 'sesion',
  'POST /sv/api/grupo/eliminarUsuario': 'sesion',
  'POST /sv/api/grupo/agregarUsuario': 'sesion',
  'GET /sv/api/usuarios/todos': 'sesion',
  'POST /sv/api/usuarios/buscarUsuarios': 'sesion',
  'GET /sv/api/grupo/equipo/:id': 'sesion',
  'GET /sv/api/vistas/pu': 'sesion',
  'POST /sv/api/vistas/grabar': 'sesion',
  'POST /sv/api/vistas/eliminar': 'sesion',
  'POST /sv/api/vistas/eliminarSensorDeVista': 'sesion',
  'GET /sv/api/consulta/pu': 'sesion',
  'GET /sv/api/consulta/tiposProblema': 'sesion',
  'POST /sv/api/consulta/grabar': 'sesion',
  'POST /sv/api/consulta/pedido': 'sesion',
  'POST /sv/api/consulta/enviarMensaje': 'sesion',
  'POST /sv/api/consulta/cambiarEstado': 'sesion',
  'POST /sv/api/sensor/enviarValor': 'sesion',
  'POST /sv/api/sensor/enviarDeveloper': 'sesion',
  'POST /sv/api/sensor/ultimo': 'sesion',
  'GET /sv/api/ventas/tipoSuscripcion/listado': 'sesion',
  'GET /sv/api/ventas/getEstadosCompra': 'sesion',
  'GET /sv/api/ventas/traerMisCompras': 'sesion',
  'POST /sv/api/ventas/generarCompra': 'sesion',
  'POST /sv/api/ventas/modificarCompra': 'sesion',
  'POST /sv/api/ventas/generarCompraSuscripcion': 'sesion',
  'POST /sv/api/ventas/generarCompraSuscripcionPaypal': 'sesion',
  'POST /sv/api/ventas/grabarSuscripcion': 'sesion',
  'POST /sv/api/ventas/pagarCompra': 'sesion',
  'GET /sv/api/ventas/cancelarSuscripcionUser': 'sesion',
  'POST /sv/api/ventas/cancelarSuscripcion': 'sesion',
  'POST /sv/api/ventas/reactivarSuscripcion': 'sesion',
  'POST /sv/api/ventas/sandbox/card_tokens': 'sesion',
  'GET /sv/api/ventas/sandbox/payment_methods': 'sesion',
  'POST /sv/api/ventas/sandbox/paypal/suscripcion': 'sesion',
  'GET /sv/api/accionesColectivas/pu': 'sesion',
  'GET /sv/api/accionesColectivas/tipos': 'sesion',
  'POST /sv/api/accionesColectivas/grabar': 'sesion',
  'POST /sv/api/accionesColectivas/eliminar': 'sesion',
  'POST /sv/api/accionesColectivas/ejecutar': 'sesion',
  'POST /sv/api/toogleFavorito': 'sesion',
  'GET /sv/api/favoritos': 'sesion',
  'GET /sv/api/eventos/pu': 'sesion',
  'GET /sv/api/eventos/traerListadoGeneralEvento': 'sesion',
  'POST /sv/api/eventos/grabar': 'sesion',
  'POST /sv/api/eventos/eliminar': 'sesion',
  'POST /sv/api/eventos/toogle': 'sesion',
  'GET /sv/api/programas/pu': 'sesion',
  'POST /sv/api/programas/porId': 'sesion',
  'POST /sv/api/programas/grabar': 'sesion',
  'POST /sv/api/programas/eliminar': 'sesion',
  'POST /sv/api/programas/tarea/grabar': 'sesion',
  'POST /sv/api/programas/tarea/eliminar': 'sesion',
  'POST /sv/api/programas/tarea/grabarAccion': 'sesion',
  'POST /sv/api/programas/tarea/eliminarAccion': 'sesion',
  'POST /sv/api/programas/tarea/grabarEvento': 'sesion',
  'POST /sv/api/programas/tarea/eliminarEvento': 'sesion',
  'POST /sv/api/programas/intercambiarTarea': 'sesion',
  'POST /sv/api/programas/ejecutar': 'sesion',
  'POST /sv/api/programas/cancelarEjecucion': 'sesion',
  'POST /sv/api/programas/continuarEjecucion': 'sesion',
  'POST /sv/api/sensor/infoSensor': 'sesion',
  'POST /sv/api/sensor/historial': 'sesion',
  'POST /sv/api/sensor/grafico': 'sesion',
  'POST /sv/api/sensor/historialWidget': 'sesion',
  'POST /sv/api/sensor/eliminarRegistro': 'sesion',
  'POST /sv/api/sensor/ruta': 'sesion',
  'GET /sv/api/sensor/exportarCsv': 'sesion',
  'POST /sv/api/sensor/exportarCsv': 'sesion',

  'GET /sv/api/admin/consulta/listado': 'admin',
  'POST /sv/api/admin/consulta/pedido': 'admin',
  'POST /sv/api/admin/consulta/enviarMensaje': 'admin',
  'POST /sv/api/admin/consulta/cambiarEstado': 'admin',
  'GET /sv/api/admin/ventas/compras': 'admin',
  'POST /sv/api/admin/ventas/confirmarPago': 'admin',
  'POST /sv/api/admin/ventas/enviar': 'admin',
  'POST /sv/api/admin/ventas/entregar': 'admin',
  'POST /sv/api/admin/ventas/cancelar': 'admin',
  'GET /sv/api/admin/equipos': 'admin',
  'POST /sv/api/admin/equipos/crear': 'admin',
  'POST /sv/api/admin/equipos/asignar': 'admin',
  'POST /sv/api/admin/equipos/regenerarCredenciales': 'admin',
  'POST /sv/api/admin/equipos/credenciales': 'admin',
  'POST /sv/api/admin/equipos/firmware': 'admin',
  'GET /sv/api/admin/usuarios': 'admin',
  'POST /sv/api/admin/usuarios/bloquear': 'admin',
  'POST /sv/api/admin/usuarios/resetearPassword': 'admin',
  'GET /sv/api/admin/catalogo/productos': 'admin',
  'POST /sv/api/admin/catalogo/producto': 'admin',
  'GET /sv/api/admin/catalogo/planes': 'admin',
  'POST /sv/api/admin/catalogo/plan': 'admin',
  'GET /sv/api/admin/catalogo/tiposEquipo': 'admin',
  'POST /sv/api/admin/catalogo/tipoEquipo': 'admin',
  'GET /sv/api/admin/auditoria': 'admin',
};

/** A concrete URL for a route pattern (ids that exist for nobody: the guard answers before any lookup). */
const concreta = (url: string) =>
  url
    .replace(':apikey', 'no-existe')
    .replace(':nombreNexo', 'estado')
    .replace(':id', '999999')
    .replace('*', 'x');

describe('authorization matrix', () => {
  let t: TestApp;
  let user: TestUser;
  let developer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { METRICS_TOKEN: 'token-de-metricas' } });
    user = await createUser(t, { plan: 'full' });
    developer = await createUser(t, { plan: 'full', roles: [rolesUsuario.desarrollador] });
    admin = await createUser(t, { plan: 'full', roles: [rolesUsuario.admin] });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url: concreta(url),
      headers,
      ...(method === 'GET' ? {} : { payload: {} }),
    });
  const routes = () => t.app.routeTable.map((r) => `${r.method} ${r.url}`);

  it('has an access class for every route the server registered, and no stale entry', () => {
    const registered = routes();
    expect(registered.filter((route) => !(route in matriz))).toEqual([]);
    // The web app's fallback (`GET /*`) exists only when the web build does: not a stale entry.
    expect(
      Object.keys(matriz).filter((route) => !registered.includes(route) && matriz[route] !== 'web'),
    ).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route that needs a session or the admin role', async () => {
    for (const route of routes().filter((r) => matriz[r] === 'sesion' || matriz[r] === 'admin')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url);
      expect(res.statusCode, `${route} anónimo: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 2, codigo: 4 });
    }
  });

  it('answers 403 to a user and to a developer on every admin route, and lets an admin through', async () => {
    for (const route of routes().filter((r) => matriz[r] === 'admin')) {
      const [method = 'GET', url = ''] = route.split(' ');
      for (const caller of [user, developer]) {
        const res = await call(method, url, caller.auth);
        expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      }
      const res = await call(method, url, admin.auth);
      expect([401, 403], `${route} admin: ${res.body}`).not.toContain(res.statusCode);
    }
  });

  it("lets any logged-in user past the guard of a session route (what they may do there is the route's rule)", async () => {
    for (const route of routes().filter((r) => matriz[r] === 'sesion')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url, user.auth);
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, route).toBeLessThan(500);
    }
  });

  it('answers anonymous callers of public routes without asking for a session', async () => {
    for (const route of routes().filter((r) => matriz[r] === 'publico')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url);
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, route).toBeLessThan(500);
    }
  });

  it('asks devices for their own credentials, providers for a signature, and metrics for its token', async () => {
    for (const route of routes().filter((r) => matriz[r] === 'dispositivo' || matriz[r] === 'webhook')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url, user.auth);
      expect([401, 403], `${route}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await call('GET', '/sv/metrics')).statusCode).toBe(401);
    expect((await call('GET', '/sv/metrics', admin.auth)).statusCode).toBe(401);
    expect((await call('GET', '/sv/metrics', { authorization: 'Bearer token-de-metricas' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/sv/health/live')).statusCode).toBe(200);
  });
});
