import {
  type AlcanceTokenApi,
  alcanceCubre,
  alcancesTokenApi,
  mensajes,
  rolesUsuario,
} from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Acceso } from './platform/http/access.js';
import { createUser, type TestUser } from './test/factories.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

/**
 * The authorization matrix: every route the running server registered (Fastify's route table, not a
 * hand-kept list) has an access class here, and each class is checked against callers of each kind.
 * A new route without an entry fails the first test. Device roles within a device (user, admin,
 * developer, owner) are checked route by route in modules/devices/permissions.test.ts and the
 * groups tests; this matrix checks who reaches a route at all.
 */
/**
 * The access class of each route, as the matrix expects it. The route's own declaration
 * (`config.acceso`) must say the same: changing who may call a route means changing it here too.
 * - `publico`: anyone, with no session (catalogue, captcha, login, registration).
 * - `sesion`: a session; anonymous 401, an API token 403 (account, sharing, support, purchases).
 * - `lectura` < `comandos` < `gestion`: a session, or an API token whose scopes cover the class.
 * - `admin`: ROLE_ADMIN read from the account; anonymous 401, other users 403, API tokens 403.
 * - `dispositivo`: a device's own credentials (apikey + secret); anything else 401.
 * - `webhook`: a payment provider's signed notification; unsigned 401.
 * - `operacion`: health (public) and metrics (its token).
 * - `web`: the web app's files and the API docs.
 */
type Clase = Acceso | 'operacion' | 'web';

const matriz: Record<string, Clase> = {
  'GET /sv/docs': 'web',
  'GET /sv/docs/static/index.html': 'web',
  'GET /sv/docs/static/swagger-initializer.js': 'web',
  'GET /sv/docs/json': 'web',
  'GET /sv/docs/yaml': 'web',
  'GET /sv/docs/static/*': 'web',
  'GET /sv/health': 'operacion',
  'POST /sv/usuario/enviarCodigoRegistracion': 'publico',
  'POST /sv/usuario/chequearMailExiste': 'publico',
  'POST /sv/usuario/chequearUsuarioExiste': 'publico',
  'POST /sv/usuario/activarCuenta': 'publico',
  'POST /sv/usuario/reenviarActivacion': 'publico',
  'POST /sv/usuario/cambiarPassword': 'publico',
  'GET /sv/usuario/codigosPais': 'publico',
  'GET /sv/api/usuario': 'sesion',
  'GET /sv/api/usuario/traerRoles': 'sesion',
  'GET /sv/perfil/traerInfoGral': 'sesion',
  'POST /sv/api/usuario/actualizar': 'sesion',
  'GET /sv/api/config': 'publico',
  'GET /sv/api/captcha': 'publico',
  'POST /sv/api/login': 'publico',
  'POST /sv/oauth/access_token': 'publico',
  'POST /sv/api/logout': 'publico',
  'POST /sv/oauth/logout': 'publico',
  'POST /sv/usuario/recuperarPassword': 'publico',
  'POST /sv/api/usuario/cambiarPassword': 'sesion',
  'GET /sv/api/tokens': 'sesion',
  'POST /sv/api/tokens': 'sesion',
  'DELETE /sv/api/tokens/:id(^\\d+$)': 'sesion',
  'POST /sv/usuario/registrar': 'publico',
  'POST /sv/api/usuario/grabarPushSuscripcion': 'sesion',
  'GET /sv/api/notificaciones/vapidPublicKey': 'publico',
  'GET /sv/api/notificaciones/traerPU': 'sesion',
  'GET /sv/api/notificaciones/marcarLeidas': 'sesion',
  'GET /sv/api/equipo/tipoSensores': 'lectura',
  'GET /sv/api/equipo/tiposEquipo': 'lectura',
  'GET /sv/api/equipo/traerGeneralSensor': 'lectura',
  'GET /sv/api/equipo/pu': 'lectura',
  'GET /sv/api/equipo/compartido/:id(^\\d+$)': 'publico',
  'GET /sv/api/equipo/:id(^\\d+$)': 'lectura',
  'POST /sv/api/equipo/grabar': 'gestion',
  'POST /sv/api/equipo/reclamar': 'gestion',
  'POST /sv/api/equipo/actualizarEquipoUs': 'gestion',
  'POST /sv/api/equipo/eliminar': 'gestion',
  'POST /sv/api/equipo/desasociar': 'gestion',
  'POST /sv/api/equipos/asignarEquipo': 'sesion',
  'POST /sv/api/equipo/buscarEquipos': 'lectura',
  'POST /sv/api/guardarLayout': 'gestion',
  'GET /sv/api/usuario/traerCarpetas': 'lectura',
  'POST /sv/api/usuario/grabarCarpeta': 'gestion',
  'POST /sv/api/usuario/eliminarCarpeta': 'gestion',
  'POST /sv/api/usuario/moverDeCarpeta': 'gestion',
  'POST /sv/api/equipo/agregarSensorDesarrollador': 'gestion',
  'POST /sv/api/equipo/eliminarSensorDesarrollador': 'gestion',
  'POST /sv/api/sensor/actualizarLabel': 'gestion',
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
  'GET /sv/api/grupo/equipo/:id(^\\d+$)': 'sesion',
  'GET /sv/api/vistas/pu': 'lectura',
  'POST /sv/api/vistas/grabar': 'gestion',
  'POST /sv/api/vistas/eliminar': 'gestion',
  'POST /sv/api/vistas/eliminarSensorDeVista': 'gestion',
  'GET /sv/api/consulta/pu': 'sesion',
  'GET /sv/api/consulta/tiposProblema': 'sesion',
  'POST /sv/api/consulta/grabar': 'sesion',
  'POST /sv/api/consulta/pedido': 'sesion',
  'POST /sv/api/consulta/enviarMensaje': 'sesion',
  'POST /sv/api/consulta/cambiarEstado': 'sesion',
  'GET /sv/api/admin/consulta/listado': 'admin',
  'POST /sv/api/admin/consulta/pedido': 'admin',
  'POST /sv/api/admin/consulta/enviarMensaje': 'admin',
  'POST /sv/api/admin/consulta/cambiarEstado': 'admin',
  'POST /sv/api/sensor/enviarValor': 'comandos',
  'POST /sv/api/sensor/enviarDeveloper': 'comandos',
  'POST /sv/api/sensor/ultimo': 'lectura',
  'GET /sv/dispositivo/:apikey/:nombreNexo': 'dispositivo',
  'GET /sv/ventas/traerProductos': 'publico',
  'GET /sv/ventas/traerCategoriaProductos': 'publico',
  'GET /sv/suscripciones/listado': 'publico',
  'GET /sv/ventas/traerMediosPago': 'publico',
  'GET /sv/ventas/configPagos': 'publico',
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
  'GET /sv/api/ventas/carrito': 'sesion',
  'POST /sv/api/ventas/carrito': 'sesion',
  'POST /sv/api/ventas/carrito/fusionar': 'sesion',
  'POST /sv/ventas/webhook/mercadopago': 'webhook',
  'POST /sv/ventas/webhook/paypal': 'webhook',
  'GET /sv/api/admin/ventas/compras': 'admin',
  'POST /sv/api/admin/ventas/confirmarPago': 'admin',
  'POST /sv/api/admin/ventas/enviar': 'admin',
  'POST /sv/api/admin/ventas/entregar': 'admin',
  'POST /sv/api/admin/ventas/cancelar': 'admin',
  'GET /sv/api/admin/ventas/configTienda': 'admin',
  'POST /sv/api/admin/ventas/configTienda': 'admin',
  'POST /sv/api/ventas/sandbox/card_tokens': 'sesion',
  'GET /sv/api/ventas/sandbox/payment_methods': 'sesion',
  'POST /sv/api/ventas/sandbox/paypal/suscripcion': 'sesion',
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
  'POST /sv/api/firmware/paquete': 'gestion',
  'POST /sv/api/admin/firmware/paquete': 'admin',
  'GET /sv/api/firmware/paquetes': 'lectura',
  'POST /sv/api/firmware/paquete/:id(^\\d+$)/eliminar': 'gestion',
  'POST /sv/api/firmware/despliegue': 'gestion',
  'POST /sv/api/admin/firmware/despliegue': 'admin',
  'GET /sv/api/firmware/despliegues': 'lectura',
  'GET /sv/api/firmware/despliegue/:id(^\\d+$)': 'lectura',
  'POST /sv/api/firmware/despliegue/:id(^\\d+$)/pausar': 'gestion',
  'POST /sv/api/firmware/despliegue/:id(^\\d+$)/reanudar': 'gestion',
  'POST /sv/api/firmware/despliegue/:id(^\\d+$)/cancelar': 'gestion',
  'POST /sv/api/firmware/actualizacion/:id(^\\d+$)/reintentar': 'gestion',
  'GET /sv/api/firmware/equipo/:id(^\\d+$)': 'lectura',
  'GET /sv/dispositivo/:apikey/firmware/:id(^\\d+$)': 'dispositivo',
  'GET /sv/api/accionesColectivas/pu': 'lectura',
  'GET /sv/api/accionesColectivas/tipos': 'lectura',
  'POST /sv/api/accionesColectivas/grabar': 'gestion',
  'POST /sv/api/accionesColectivas/eliminar': 'gestion',
  'POST /sv/api/accionesColectivas/ejecutar': 'comandos',
  'POST /sv/api/toogleFavorito': 'gestion',
  'GET /sv/api/favoritos': 'lectura',
  'GET /sv/api/eventos/pu': 'lectura',
  'GET /sv/api/eventos/traerListadoGeneralEvento': 'lectura',
  'POST /sv/api/eventos/grabar': 'gestion',
  'POST /sv/api/eventos/eliminar': 'gestion',
  'POST /sv/api/eventos/toogle': 'gestion',
  'GET /sv/api/programas/pu': 'lectura',
  'POST /sv/api/programas/porId': 'lectura',
  'POST /sv/api/programas/grabar': 'gestion',
  'POST /sv/api/programas/eliminar': 'gestion',
  'POST /sv/api/programas/tarea/grabar': 'gestion',
  'POST /sv/api/programas/tarea/eliminar': 'gestion',
  'POST /sv/api/programas/tarea/grabarAccion': 'gestion',
  'POST /sv/api/programas/tarea/eliminarAccion': 'gestion',
  'POST /sv/api/programas/tarea/grabarEvento': 'gestion',
  'POST /sv/api/programas/tarea/eliminarEvento': 'gestion',
  'POST /sv/api/programas/intercambiarTarea': 'gestion',
  'POST /sv/api/programas/ejecutar': 'comandos',
  'POST /sv/api/programas/cancelarEjecucion': 'comandos',
  'POST /sv/api/programas/continuarEjecucion': 'comandos',
  'POST /sv/api/sensor/infoSensor': 'lectura',
  'POST /sv/api/sensor/historial': 'lectura',
  'POST /sv/api/sensor/grafico': 'lectura',
  'POST /sv/api/sensor/historialWidget': 'lectura',
  'POST /sv/api/sensor/eliminarRegistro': 'gestion',
  'POST /sv/api/sensor/ruta': 'lectura',
  'GET /sv/api/sensor/exportarCsv': 'lectura',
  'POST /sv/api/sensor/exportarCsv': 'lectura',
  'GET /sv/metrics': 'operacion',
  'GET /sv/health/live': 'operacion',
  'GET /sv/health/ready': 'operacion',
  'POST /sv/dispositivo/:apikey/:nombreNexo': 'dispositivo',
  'GET /*': 'web',
};

/** A concrete URL for a route pattern (ids that exist for nobody: the guard answers before any lookup). */
const concreta = (url: string) =>
  url
    .replace(':apikey', 'no-existe')
    .replace(':nombreNexo', 'estado')
    .replace(/:id\(.*?\)/, '999999')
    .replace('*', 'x');

describe('authorization matrix', () => {
  let t: TestApp;
  let user: TestUser;
  let developer: TestUser;
  let admin: TestUser;

  /** A personal API token of `user` per scope, an admin's widest one, and a revoked one. */
  const tokens: Partial<Record<AlcanceTokenApi | 'admin' | 'revocado', Record<string, string>>> = {};

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      env: { METRICS_TOKEN: 'token-de-metricas', API_TOKEN_MAX_PER_MINUTE: '100000' },
    });
    user = await createUser(t, { plan: 'full' });
    developer = await createUser(t, { plan: 'full', roles: [rolesUsuario.desarrollador] });
    admin = await createUser(t, { plan: 'full', roles: [rolesUsuario.admin] });
    const create = async (who: TestUser, alcance: AlcanceTokenApi) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sv/api/tokens',
        headers: who.auth,
        payload: { nombre: `matriz ${alcance}`, alcances: [alcance], diasVigencia: 30 },
      });
      return {
        id: res.json().tokenApi.id as number,
        headers: { authorization: `Bearer ${res.json().token}` },
      };
    };
    for (const alcance of alcancesTokenApi) tokens[alcance] = (await create(user, alcance)).headers;
    tokens.admin = (await create(admin, 'gestion')).headers;
    const revoked = await create(user, 'gestion');
    await t.app.inject({ method: 'DELETE', url: `/sv/api/tokens/${revoked.id}`, headers: user.auth });
    tokens.revocado = revoked.headers;
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
  const conSesion = new Set<Clase>(['sesion', 'lectura', 'comandos', 'gestion', 'admin']);
  const deClase = (...clases: Clase[]) => routes().filter((r) => clases.includes(matriz[r] as Clase));

  it('has an access class for every route the server registered, and no stale entry', () => {
    const registered = routes();
    expect(registered.filter((route) => !(route in matriz))).toEqual([]);
    // The web app's fallback (`GET /*`) exists only when the web build does: not a stale entry.
    expect(
      Object.keys(matriz).filter((route) => !registered.includes(route) && matriz[route] !== 'web'),
    ).toEqual([]);
  });

  it("matches each route's own declaration (config.acceso), which the guard enforces and the document states", () => {
    const declared = (clase: Clase): Acceso | undefined =>
      clase === 'web' ? undefined : clase === 'operacion' ? undefined : clase;
    const differing = t.app.routeTable
      .filter((r) => {
        const clase = matriz[`${r.method} ${r.url}`];
        if (clase === 'operacion') return !['publico', 'metricas'].includes(r.acceso ?? '');
        return clase !== undefined && r.acceso !== declared(clase);
      })
      .map((r) => `${r.method} ${r.url}: ${r.acceso} ≠ ${matriz[`${r.method} ${r.url}`]}`);
    expect(differing).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route that needs a session or the admin role', {
    timeout: 180_000,
  }, async () => {
    for (const route of routes().filter((r) => conSesion.has(matriz[r] as Clase))) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url);
      expect(res.statusCode, `${route} anónimo: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 2, codigo: 4 });
    }
  });

  it('answers 403 to a user and to a developer on every admin route, and lets an admin through', {
    timeout: 180_000,
  }, async () => {
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

  it("lets any logged-in user past the guard of a session route (what they may do there is the route's rule)", {
    timeout: 180_000,
  }, async () => {
    for (const route of deClase('sesion', 'lectura', 'comandos', 'gestion')) {
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

  it('lets an API token through exactly the classes its scope covers, and answers 403 in Spanish elsewhere', {
    timeout: 180_000,
  }, async () => {
    const wrong: string[] = [];
    for (const alcance of alcancesTokenApi) {
      const headers = tokens[alcance] ?? {};
      for (const route of deClase('sesion', 'lectura', 'comandos', 'gestion', 'admin')) {
        const [method = 'GET', url = ''] = route.split(' ');
        const clase = matriz[route] as Clase;
        const res = await call(method, url, headers);
        const covered = (alcancesTokenApi as readonly string[]).includes(clase)
          ? alcanceCubre([alcance], clase as AlcanceTokenApi)
          : false;
        if (res.statusCode >= 500) wrong.push(`${alcance} ${route}: ${res.statusCode}`);
        else if (
          covered &&
          (res.statusCode === 401 || res.statusCode === 403) &&
          res.json().mensaje.includes('token')
        )
          wrong.push(`${alcance} ${route}: ${res.statusCode} ${res.body}`);
        else if (!covered) {
          const expected =
            clase === 'sesion' || clase === 'admin'
              ? mensajes.tokenApiSoloSesion
              : mensajes.tokenApiFueraDeAlcance;
          if (res.statusCode !== 403 || res.json().mensaje !== expected)
            wrong.push(`${alcance} ${route}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an admin's token on every admin route, and a revoked token everywhere", {
    timeout: 180_000,
  }, async () => {
    for (const route of deClase('admin')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url, tokens.admin);
      expect(res.statusCode, route).toBe(403);
    }
    for (const route of deClase('lectura', 'comandos', 'gestion')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url, tokens.revocado);
      expect(res.statusCode, route).toBe(401);
      expect(res.json().mensaje).toBe(mensajes.tokenApiInvalido);
    }
  });

  it('never takes an API token for a device credential, a signature or the metrics token', async () => {
    for (const route of deClase('dispositivo', 'webhook')) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await call(method, url, tokens.gestion);
      expect([401, 403], `${route}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await call('GET', '/sv/metrics', tokens.gestion)).statusCode).toBe(401);
  });
});
