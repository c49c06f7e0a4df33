import { timingSafeEqual } from 'node:crypto';
import { mensajes, rolesEquipo, tiposSensor } from '@nexo/contracts';
import type { CommandChannel, CredentialGuard } from '../../platform/device-gateway.js';
import { AppError, forbidden, notFound, tooManyRequests } from '../../platform/http/errors.js';
import type { TelemetryDirectory } from '../devices/index.js';
import type { LookupCache } from './telemetry.cache.js';
import type { Ingest } from './telemetry.ingest.js';
import type { RejectReason } from './telemetry.parse.js';

/** What telemetry needs from the devices module (its `access`). */
export interface TelemetryAccess {
  roleOn(userId: number, deviceId: number): Promise<number | null>;
  /** 404 'sensorNoEncontrado' when missing or the user has no role on its device. */
  sensorFor(
    userId: number,
    sensorId: number,
  ): Promise<{ sensor: { id: number }; deviceId: number; rolId: number }>;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const rejectMessages: Record<RejectReason, string> = {
  tamano: mensajes.payloadDemasiadoGrande,
  utf8: mensajes.payloadNoUtf8,
  json: mensajes.jsonDispositivoInvalido,
  campo: mensajes.campoJsonFaltante,
  numero: mensajes.valorNoNumerico,
  topic: mensajes.topicDesconocido,
};

/**
 * Commands, last values and the device HTTP calls. Users are checked against their role on
 * the device (any role controls; developer messages need the owner level); devices are
 * checked by apikey + secret.
 */
export function createTelemetryService(deps: {
  directory: TelemetryDirectory;
  cache: LookupCache;
  ingest: Ingest;
  access: TelemetryAccess;
  /** Commands to devices (the mqtt module's broker). */
  commands: CommandChannel;
  /**
   * Refuse commands to devices not connected (embedded broker: sessions are known). With an
   * external broker without connect events the state is a guess, so commands always go out.
   */
  requireOnline: boolean;
  /** Wrong apikey/secret attempts of the device HTTP calls: counted, slowed down, never blocking the right one. */
  credentialGuard: CredentialGuard;
}) {
  const { directory, cache, ingest, access } = deps;

  async function commandTarget(userId: number, sensorId: number) {
    const { deviceId, rolId } = await access.sensorFor(userId, sensorId);
    if (rolId <= rolesEquipo.ninguno) throw notFound(mensajes.sensorNoEncontrado);
    const sensor = await directory.sensorState(sensorId);
    const device = await directory.deviceById(deviceId);
    if (!sensor || !device) throw notFound(mensajes.sensorNoEncontrado);
    if (deps.requireOnline && !device.conectado) throw new AppError(409, mensajes.sinConexionEquipo);
    return { sensor, device, rolId };
  }

  async function deviceEntry(apikey: string, secret: string | undefined, ip: string) {
    // The right secret always passes; wrong ones wait their delay, and past the limits get 429.
    const entry = await cache.byApikey(apikey);
    if (!entry || !secret || !sameText(secret, entry.device.secret)) {
      const { throttled } = await deps.credentialGuard.failed(apikey, ip);
      if (throttled) throw tooManyRequests();
      throw new AppError(401, mensajes.credencialesDispositivoInvalidas);
    }
    await deps.credentialGuard.succeeded(apikey, ip);
    return entry;
  }

  return {
    async enviarValor(userId: number, sensorId: number, valor: string): Promise<void> {
      const { sensor, device } = await commandTarget(userId, sensorId);
      await deps.commands.sendCommand(device.apikey, sensor.nombreNexo, valor);
    },

    async enviarDeveloper(userId: number, sensorId: number, texto: string, longitud: number): Promise<void> {
      const { sensor, device, rolId } = await commandTarget(userId, sensorId);
      if (rolId !== rolesEquipo.propietario) throw forbidden();
      if (sensor.tipoSensorId !== tiposSensor.desarrollador)
        throw new AppError(400, mensajes.soloSensorDesarrollador);
      await deps.commands.sendCommand(device.apikey, sensor.nombreNexo, JSON.stringify({ texto, longitud }));
    },

    async ultimo(userId: number, sensorId: number) {
      await access.sensorFor(userId, sensorId);
      const sensor = await directory.sensorState(sensorId);
      if (!sensor) throw notFound(mensajes.sensorNoEncontrado);
      return {
        id: sensor.id,
        ultimoValor: sensor.ultimoValor,
        fechaUV: sensor.fechaUV,
        conectado: sensor.conectado,
      };
    },

    async deviceLastValue(apikey: string, nombreNexo: string, secret: string | undefined, ip: string) {
      const entry = await deviceEntry(apikey, secret, ip);
      const known = entry.sensorsByTopic.get(nombreNexo);
      if (!known) throw notFound(mensajes.topicDesconocido);
      const sensor = await directory.sensorState(known.id);
      if (!sensor) throw notFound(mensajes.topicDesconocido);
      return { valor: sensor.ultimoValor, fecha: sensor.fechaUV, conectado: sensor.conectado };
    },

    /** A value published over HTTP: the same pipeline as MQTT, answered after the commit. */
    async devicePublish(
      apikey: string,
      nombreNexo: string,
      secret: string | undefined,
      payload: Buffer,
      ip: string,
    ) {
      const entry = await deviceEntry(apikey, secret, ip);
      const result = await ingest.accept(entry, nombreNexo, payload);
      if (!result.ok) {
        throw new AppError(result.reason === 'topic' ? 404 : 400, rejectMessages[result.reason]);
      }
    },
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;
