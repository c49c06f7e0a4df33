import { timingSafeEqual } from 'node:crypto';
import { ErrorEnvelopeSchema, mensajes } from '@nexo/contracts';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { AppModules } from './modules.js';
import type { HttpApp } from './platform/context.js';
import type { Db } from './platform/db/client.js';
import { acceso } from './platform/http/access.js';
import { tag } from './platform/http/openapi.js';

/** A route parameter's regular-expression constraint, as find-my-way writes it: `:id(^\d+$)`. */
const routeConstraint = /\([^)]*\)/g;

/**
 * Prometheus metrics at `/sv/metrics` (prom-client), one registry per app. Most figures are read
 * from the modules when Prometheus scrapes (ingest counters and queue, sessions, connections, due
 * jobs);
 * HTTP latencies and job lateness are observed as they happen. With METRICS_TOKEN set, the
 * endpoint asks for `Authorization: Bearer <token>`.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nexo_' });
  const http = new Histogram({
    name: 'nexo_http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP, por método, ruta y clase de estado',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobLateness = new Histogram({
    name: 'nexo_job_lateness_seconds',
    help: 'Atraso de cada trabajo programado al empezar (inicio − vencimiento), por tipo',
    labelNames: ['kind'] as const,
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  return {
    registry,
    observeJob(kind: string, latenessMs: number) {
      jobLateness.observe({ kind }, Math.max(0, latenessMs) / 1000);
    },
    /** Times every request by its route pattern (never the raw URL, which carries ids). */
    instrument(app: HttpApp) {
      app.addHook('onResponse', async (request, reply) => {
        http.observe(
          {
            method: request.method,
            // Without the parameters' constraints: `/sv/api/equipo/:id`, not `…/:id(^\d+$)`.
            route: request.routeOptions.url?.replace(routeConstraint, '') ?? 'desconocida',
            status: `${Math.floor(reply.statusCode / 100)}xx`,
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    /** The figures read from the modules at scrape time, and the endpoint. */
    register(app: HttpApp, modules: AppModules, db: Db, token: string | undefined) {
      const ingest = () => modules.telemetry.stats();
      new Counter({
        name: 'nexo_readings_stored_total',
        help: 'Lecturas guardadas desde el arranque',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(ingest().stored);
        },
      });
      new Counter({
        name: 'nexo_ingest_batches_total',
        help: 'Lotes de lecturas confirmados (lecturas ÷ lotes = tamaño medio del lote)',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(ingest().batches);
        },
      });
      new Counter({
        name: 'nexo_readings_rejected_total',
        help: 'Lecturas rechazadas desde el arranque, por motivo',
        labelNames: ['reason'] as const,
        registers: [registry],
        collect() {
          this.reset();
          const byReason = new Map<string, number>();
          for (const counts of Object.values(ingest().rejected))
            for (const [reason, n] of Object.entries(counts))
              byReason.set(reason, (byReason.get(reason) ?? 0) + (n ?? 0));
          for (const [reason, n] of byReason) this.inc({ reason }, n);
        },
      });
      new Gauge({
        name: 'nexo_ingest_pending',
        help: 'Lecturas aceptadas que esperan su lote',
        registers: [registry],
        collect() {
          this.set(ingest().pending);
        },
      });
      new Gauge({
        name: 'nexo_stomp_sessions',
        help: 'Sesiones STOMP abiertas (navegadores en vivo) en esta instancia',
        registers: [registry],
        collect() {
          this.set(modules.stomp.sessionCount());
        },
      });
      new Gauge({
        name: 'nexo_mqtt_connections',
        help: 'Dispositivos conectados al broker MQTT embebido',
        registers: [registry],
        collect() {
          const n = modules.mqtt.connections();
          if (n !== null) this.set(n);
        },
      });
      new Gauge({
        name: 'nexo_jobs_due',
        help: 'Trabajos programados vencidos que esperan turno (la cola del planificador)',
        registers: [registry],
        async collect() {
          const { rows } = await sql<{
            n: number;
          }>`select count(*) as n from scheduled_jobs where due_at <= ${Date.now()}`.execute(db);
          this.set(Number(rows[0]?.n ?? 0));
        },
      });

      const expected = token ? Buffer.from(`Bearer ${token}`) : null;
      app.get(
        '/sv/metrics',
        {
          ...acceso('metricas'),
          schema: {
            tags: tag('operacion'),
            summary: 'Métricas en formato Prometheus',
            response: {
              401: ErrorEnvelopeSchema,
              200: {
                description: 'Métricas (text/plain; formato de exposición de Prometheus)',
                content: { 'text/plain': { schema: z.string() } },
              },
            },
          },
        },
        async (request, reply) => {
          if (expected) {
            const given = Buffer.from(request.headers.authorization ?? '');
            if (given.length !== expected.length || !timingSafeEqual(given, expected))
              return reply.code(401).send({ status: 2, codigo: 401, mensaje: mensajes.metricasNoAutorizado });
          }
          return reply.type(registry.contentType).send(await registry.metrics());
        },
      );
    },
  };
}
