import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';

/**
 * A typed client of the Nexo API, from the types openapi-typescript generates out of the OpenAPI
 * document (`generated/schema.d.ts`, written by apps/server/src/openapi.client.test.ts and never
 * committed). CI compiles this file against them: a document a generator cannot use, or answers
 * shaped differently from what these calls expect, fail the build. Integrators can copy it.
 */
export function nexoClient(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

  return {
    /** The caller's devices with their sensors (scope lectura). */
    async equipos(): Promise<components['schemas']['Equipo'][]> {
      const { data, error } = await client.GET('/sv/api/equipo/pu');
      if (error) throw new Error(error.mensaje);
      return data.equipos;
    },

    /** One page of a sensor's history, newest first (scope lectura). */
    async historial(idSensor: number, desde: string, hasta: string) {
      const { data, error } = await client.POST('/sv/api/sensor/historial', {
        body: { idSensor, tipo: 1, fechaDesde: desde, fechaHasta: hasta, pagina: 0, tamanoPagina: 100 },
      });
      if (error) throw new Error(`${error.codigo}: ${error.mensaje}`);
      return data.historial.map((r) => ({ ts: r.ts, valor: r.valor }));
    },

    /** Sends a value to a sensor (scope comandos); a 429 says when to retry. */
    async enviarValor(idSensor: number, valor: string): Promise<void> {
      const { error, response } = await client.POST('/sv/api/sensor/enviarValor', {
        body: { idSensor, valor },
      });
      if (response.status === 429) throw new Error(`Reintente en ${response.headers.get('retry-after')} s`);
      if (error) throw new Error(error.mensaje);
    },

    /** Runs a collective action (scope comandos). */
    async ejecutarAccion(id: number) {
      const { data, error } = await client.POST('/sv/api/accionesColectivas/ejecutar', { body: { id } });
      if (error) throw new Error(error.mensaje);
      return { ejecutados: data.ejecutados, fallidos: data.fallidos.length };
    },

    /** Renames a device (scope gestion). */
    async renombrarEquipo(id: number, nombre: string) {
      const { data, error } = await client.POST('/sv/api/equipo/actualizarEquipoUs', {
        body: { id, nombre },
      });
      if (error) throw new Error(error.mensaje);
      return data.equipo;
    },

    /** A device by id (a path parameter). */
    async equipo(id: number) {
      const { data, error } = await client.GET('/sv/api/equipo/{id}', { params: { path: { id } } });
      if (error) throw new Error(error.mensaje);
      return data.equipo;
    },
  };
}
