import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Actualizacion,
  type AvisoOta,
  codigosFirmware,
  type Despliegue,
  type DespliegueCrear,
  type EstadoActualizacion,
  estadosFinales,
  extensionFirmware,
  type FirmwareEstadoEvent,
  mensajes,
  type Paquete,
  type PaqueteSubirQuery,
  ReporteOtaSchema,
  rolesEquipo,
  tiposSuscripcion,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { FirmwareChannel, GatewayDevice } from '../../platform/device-gateway.js';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../../platform/http/errors.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { FirmwareDirectory, FirmwareTarget } from '../devices/index.js';
import {
  abiertos,
  createFirmwareRepository,
  enCurso,
  type PackageRow,
  type RolloutRow,
  type UpdateRow,
} from './firmware.repository.js';
import { createFirmwareStorage, type FirmwareStorage, UploadLimitError } from './firmware.storage.js';

/** The scheduler's job kind that paces a rollout's notices (refId = rollout id). */
export const ROLLOUT_JOB = 'firmware.despliegue';

export interface FirmwareDeps {
  db: Db;
  log: Logger;
  hub: RealtimePublisher;
  scheduler: Scheduler;
  config: {
    firmware: { dir: string | undefined; maxBytes: number; perMinute: number; downloadsPerMinute: number };
    publicUrl: string | undefined;
  };
  licensing: { getActiveLicence(userId: number): Promise<{ tipoSuscripcion: { id: number } } | null> };
  directory: FirmwareDirectory;
  /** Device credentials (the telemetry gateway): apikey lookup and the wrong-secret guard. */
  devices: {
    findDevice(apikey: string): Promise<GatewayDevice | null>;
    credentialGuard: {
      failed(apikey: string, ip: string): Promise<{ throttled: boolean }>;
      succeeded(apikey: string, ip: string): Promise<void>;
    };
  };
  /** Retained notices through the broker; set once the mqtt module is built. */
  channel(): FirmwareChannel | undefined;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A byte range `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size`; null = the whole file; 'invalida' = 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalida' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalida';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalida';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalida';
  return { start, end };
}

/**
 * Firmware over the air: packages (streamed in, SHA-256 and size computed here), rollouts to a
 * device, a folder or a device type, paced on the durable scheduler, each device's update moved by
 * what it reports over MQTT, and the device download. Owners and device administrators only;
 * creating anything needs a Full subscription (spec 2 §6 texts). See docs/ota.md.
 */
export function createFirmwareService(deps: FirmwareDeps) {
  const { db, log, hub, scheduler, directory } = deps;
  const limits = deps.config.firmware;
  const repo = createFirmwareRepository();
  const storage: FirmwareStorage = createFirmwareStorage({ db, dir: limits.dir });
  const managerRoles = [rolesEquipo.propietario, rolesEquipo.administrador] as const;
  /** Download requests per device in the current minute (this instance). */
  const downloads = new Map<number, { minute: number; count: number }>();

  // ---- plan gating (spec 2 §6) ----
  async function refusal(userId: number): Promise<{ mensaje: string; codigo: string } | null> {
    const licencia = await deps.licensing.getActiveLicence(userId);
    if (!licencia) return { mensaje: mensajes.contrataSuscripcion, codigo: codigosFirmware.sinSuscripcion };
    if (licencia.tipoSuscripcion.id !== tiposSuscripcion.full)
      return { mensaje: mensajes.seccionNoPermitida, codigo: codigosFirmware.suscripcionNoFull };
    return null;
  }
  async function requireFull(userId: number): Promise<void> {
    const refused = await refusal(userId);
    if (refused) throw new AppError(403, refused.mensaje, refused.codigo);
  }

  // ---- answers ----
  async function toPaquetes(rows: PackageRow[]): Promise<Paquete[]> {
    const types = await directory.deviceTypes();
    return rows.map((p) => ({
      id: p.id,
      titulo: p.titulo,
      version: p.version,
      tipoEquipo: { id: p.tipoEquipoId, descripcion: types.get(p.tipoEquipoId) ?? '' },
      notas: p.notas,
      archivo: p.archivo,
      tamano: p.tamano,
      sha256: p.sha256,
      inventario: p.inventario,
      fecha: p.createdAt,
    }));
  }

  async function toActualizaciones(rows: UpdateRow[]): Promise<Actualizacion[]> {
    const names = new Map(
      (await directory.byIds([...new Set(rows.map((r) => r.deviceId))])).map((d) => [d.id, d.nombre]),
    );
    const packages = await repo.packagesByIds(db, [...new Set(rows.map((r) => r.packageId))]);
    return rows.map((u) => {
      const p = packages.get(u.packageId);
      return {
        id: u.id,
        idDespliegue: u.rolloutId,
        idEquipo: u.deviceId,
        nombreEquipo: names.get(u.deviceId) ?? '',
        paquete: { id: u.packageId, titulo: p?.titulo ?? '', version: p?.version ?? '' },
        estado: u.estado,
        progreso: u.progreso,
        motivo: u.motivo,
        intentos: u.intentos,
        fecha: u.createdAt,
        actualizado: u.updatedAt,
      };
    });
  }

  async function toDespliegues(rows: RolloutRow[]): Promise<Despliegue[]> {
    const counts = await repo.countsOf(
      db,
      rows.map((r) => r.id),
    );
    const packages = await repo.packagesByIds(db, [...new Set(rows.map((r) => r.packageId))]);
    const paquetes = new Map((await toPaquetes([...packages.values()])).map((p) => [p.id, p]));
    return rows.flatMap((r) => {
      const paquete = paquetes.get(r.packageId);
      if (!paquete) return [];
      const conteo = counts.get(r.id) ?? {};
      return [
        {
          id: r.id,
          paquete,
          destino: { tipo: r.destinoTipo, id: r.destinoId, nombre: r.destinoNombre },
          estado: r.estado,
          ritmo: r.ritmo,
          total: Object.values(conteo).reduce((a, b) => a + b, 0),
          conteo,
          fecha: r.createdAt,
        },
      ];
    });
  }

  // ---- notices and live events ----
  function notice(update: UpdateRow, pkg: PackageRow, apikey: string): AvisoOta {
    const ruta = `/sv/dispositivo/${apikey}/firmware/${pkg.id}`;
    return {
      id: update.id,
      paquete: pkg.id,
      titulo: pkg.titulo,
      version: pkg.version,
      tamano: pkg.tamano,
      sha256: pkg.sha256,
      ruta,
      url: deps.config.publicUrl ? `${deps.config.publicUrl}${ruta}` : null,
    };
  }

  async function sendNotice(apikey: string, payload: AvisoOta | null): Promise<void> {
    const channel = deps.channel();
    if (!channel) return;
    try {
      await channel.notify(apikey, payload ? JSON.stringify(payload) : null);
    } catch (error) {
      // The retained notice is re-sent on a retry; the row says what happened.
      log.warn({ err: error, apikey }, 'no se pudo publicar el aviso de firmware');
    }
  }

  function publish(deviceId: number, update: UpdateRow | null, version: string | null): void {
    const event: FirmwareEstadoEvent = {
      tipo: 'firmware.estado',
      idEquipo: deviceId,
      idActualizacion: update?.id ?? null,
      idDespliegue: update?.rolloutId ?? null,
      estado: update?.estado ?? null,
      progreso: update?.progreso ?? null,
      motivo: update?.motivo ?? null,
      version,
      fecha: Date.now(),
    };
    hub.publish(topics.equipo(deviceId), event);
  }

  /** A rollout whose updates all finished is FINALIZADO. */
  async function finishRolloutIfDone(rolloutId: number): Promise<void> {
    if ((await repo.countIn(db, rolloutId, abiertos)) === 0)
      await repo.setRolloutState(db, rolloutId, ['ACTIVO'], 'FINALIZADO');
  }

  /** Tells one waiting (or retried) update's device, retained. */
  async function notify(
    update: UpdateRow,
    from: EstadoActualizacion[],
    known?: { pkg: PackageRow | null; devices: Map<number, FirmwareTarget> },
  ): Promise<boolean> {
    const pkg = known ? known.pkg : await repo.packageById(db, update.packageId);
    const device = known ? known.devices.get(update.deviceId) : (await directory.byIds([update.deviceId]))[0];
    if (!pkg || !device) {
      await repo.setUpdateState(db, update.id, from, 'FALLIDO', { motivo: mensajes.equipoNoEncontrado });
      return false;
    }
    const moved = await repo.setUpdateState(db, update.id, from, 'NOTIFICADO', {
      notified: true,
      attempt: true,
      progreso: null,
      motivo: null,
    });
    if (!moved) return false;
    await sendNotice(device.apikey, notice(update, pkg, device.apikey));
    publish(update.deviceId, { ...update, estado: 'NOTIFICADO', progreso: null, motivo: null }, null);
    return true;
  }

  /** One pace step: notifies the next batch and sets the timer for the one after. */
  async function paceStep(rolloutId: number): Promise<void> {
    const rollout = await repo.rolloutById(db, rolloutId);
    if (rollout?.estado !== 'ACTIVO') return;
    // Ten steps a minute at most: 100/min → 10 devices every 6 s; 2/min → 1 every 30 s.
    const batch = Math.max(1, Math.ceil(rollout.ritmo / 10));
    const intervalMs = Math.round((batch * 60_000) / rollout.ritmo);
    const pending = await repo.pendingOf(db, rolloutId, batch + 1);
    const step = pending.slice(0, batch);
    // One read of the package and of the step's devices, then one conditional update per device.
    const known = {
      pkg: await repo.packageById(db, rollout.packageId),
      devices: new Map((await directory.byIds(step.map((u) => u.deviceId))).map((d) => [d.id, d])),
    };
    for (const [index, update] of step.entries()) {
      await notify(update, ['PENDIENTE'], known);
      // Let downloads and reports through between devices of a large step.
      if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    if (pending.length > batch) await scheduler.schedule(db, ROLLOUT_JOB, rolloutId, Date.now() + intervalMs);
    else await finishRolloutIfDone(rolloutId);
  }

  scheduler.register(ROLLOUT_JOB, { run: (job) => paceStep(job.refId) });

  /** Closes an update (cancelled or superseded): clears the device's retained notice if it had one. */
  async function closeUpdate(update: UpdateRow, motivo: string): Promise<void> {
    if (!(await repo.setUpdateState(db, update.id, abiertos, 'CANCELADO', { motivo }))) return;
    if (update.estado !== 'PENDIENTE') {
      const [device] = await directory.byIds([update.deviceId]);
      if (device) await sendNotice(device.apikey, null);
    }
    publish(update.deviceId, { ...update, estado: 'CANCELADO', motivo }, null);
  }

  /** The devices a rollout of `pkg` by `userId` reaches, and the target's name. */
  async function resolveTargets(
    userId: number,
    pkg: PackageRow,
    destino: DespliegueCrear['destino'],
  ): Promise<{ targets: FirmwareTarget[]; nombre: string }> {
    const fits = (d: FirmwareTarget) => d.tipoEquipoId === pkg.tipoEquipoId;
    if (pkg.inventario) {
      // An inventory package goes to the inventory's devices of its type (the admin's rollout).
      if (destino.tipo !== 'tipo') throw forbidden(mensajes.firmwareSoloAdministradores);
      if (destino.id !== pkg.tipoEquipoId) throw conflict(mensajes.firmwareTipoDistinto);
      const type = await directory.deviceType(destino.id);
      return { targets: await directory.inventoryOfType(destino.id), nombre: type?.descripcion ?? '' };
    }
    if (destino.tipo === 'equipo') {
      const all = await directory.devicesWithRole(userId, [
        rolesEquipo.propietario,
        rolesEquipo.administrador,
        rolesEquipo.usuario,
        rolesEquipo.desarrollador,
      ]);
      const device = all.find((d) => d.id === destino.id);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      const managed = await directory.devicesWithRole(userId, managerRoles);
      if (!managed.some((d) => d.id === device.id)) throw forbidden(mensajes.firmwareSoloAdministradores);
      if (device.tipoEquipoId !== null && !fits(device)) throw conflict(mensajes.firmwareTipoDistinto);
      return { targets: [device], nombre: device.nombre };
    }
    const managed = await directory.devicesWithRole(userId, managerRoles);
    if (destino.tipo === 'carpeta') {
      const folders = await directory.foldersOf(userId);
      const folder = folders.find((f) => f.id === destino.id);
      if (!folder) throw notFound(mensajes.carpetaNoEncontrada);
      // The folder and every folder inside it.
      const inside = new Set([folder.id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const f of folders)
          if (f.parentId !== null && inside.has(f.parentId) && !inside.has(f.id)) {
            inside.add(f.id);
            grew = true;
          }
      }
      const targets = managed.filter((d) => d.folderId !== null && inside.has(d.folderId) && fits(d));
      return { targets, nombre: folder.nombre };
    }
    if (destino.id !== pkg.tipoEquipoId) throw conflict(mensajes.firmwareTipoDistinto);
    const type = await directory.deviceType(destino.id);
    return { targets: managed.filter(fits), nombre: type?.descripcion ?? '' };
  }

  async function ownedRollout(userId: number, id: number): Promise<RolloutRow> {
    const rollout = await repo.rolloutById(db, id);
    if (!rollout || rollout.ownerId !== userId) throw notFound(mensajes.firmwareDespliegueNoEncontrado);
    return rollout;
  }

  async function upload(
    userId: number,
    query: PaqueteSubirQuery,
    body: { contentType: string | undefined; contentLength: number | null; stream: AsyncIterable<Buffer> },
    inventario: boolean,
  ): Promise<Paquete> {
    if (!inventario) await requireFull(userId);
    if (!extensionFirmware(query.archivo))
      throw new AppError(415, mensajes.firmwareTipoArchivo, codigosFirmware.tipoArchivo);
    const type = (body.contentType ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/octet-stream')
      throw new AppError(415, mensajes.firmwareContenidoTipo, codigosFirmware.tipoArchivo);
    const tooLarge = () =>
      new AppError(
        413,
        mensajes.firmwareDemasiadoGrande((limits.maxBytes / (1024 * 1024)).toLocaleString('es-AR')),
        codigosFirmware.demasiadoGrande,
      );
    if (body.contentLength !== null && body.contentLength > limits.maxBytes) throw tooLarge();
    if (body.contentLength === 0) throw new AppError(400, mensajes.firmwareVacio, codigosFirmware.vacio);
    if (!(await directory.deviceType(query.tipoEquipo)))
      throw new AppError(400, mensajes.firmwareTipoEquipoInvalido, codigosFirmware.tipoArchivo, [
        { campo: 'tipoEquipo', mensaje: mensajes.firmwareTipoEquipoInvalido },
      ]);
    if (await repo.titleTaken(db, userId, query.titulo, query.version))
      throw new AppError(409, mensajes.firmwareDuplicado, codigosFirmware.duplicado);
    let id: number;
    try {
      id = await repo.insertPackage(db, {
        ownerId: userId,
        titulo: query.titulo,
        version: query.version,
        tipoEquipoId: query.tipoEquipo,
        notas: query.notas?.trim() || null,
        archivo: query.archivo,
        inventario,
        almacen: storage.kind,
      });
    } catch {
      // The unique index: the same title and version uploaded at the same moment.
      throw new AppError(409, mensajes.firmwareDuplicado, codigosFirmware.duplicado);
    }
    try {
      const stored = await storage.write(id, body.stream, limits.maxBytes);
      await repo.finishPackage(db, id, stored.tamano, stored.sha256);
    } catch (error) {
      await repo.deletePackage(db, id);
      if (error instanceof UploadLimitError)
        throw error.reason === 'grande'
          ? tooLarge()
          : new AppError(400, mensajes.firmwareVacio, codigosFirmware.vacio);
      throw error;
    }
    const row = await repo.packageById(db, id);
    if (!row) throw notFound(mensajes.firmwarePaqueteNoEncontrado);
    const [paquete] = await toPaquetes([row]);
    if (!paquete) throw notFound(mensajes.firmwarePaqueteNoEncontrado);
    return paquete;
  }

  async function applyReport(device: GatewayDevice, payload: Buffer): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      log.debug({ deviceId: device.id }, 'reporte de firmware que no es JSON');
      return;
    }
    const result = ReporteOtaSchema.safeParse(parsed);
    if (!result.success) {
      log.debug({ deviceId: device.id }, 'reporte de firmware inválido');
      return;
    }
    const report = result.data;
    const previous = report.version !== undefined ? await repo.versionOf(db, device.id) : null;
    if (report.version !== undefined)
      await repo.saveVersion(db, device.id, report.titulo ?? null, report.version);
    const current = await repo.currentOf(db, device.id);
    if (!current || (report.id !== undefined && report.id !== current.id)) {
      if (report.version !== undefined) publish(device.id, null, report.version);
      return;
    }
    const pkg = await repo.packageById(db, current.packageId);
    if (!pkg) return;
    let to: EstadoActualizacion | null = null;
    let progreso: number | null | undefined;
    let motivo: string | null = null;
    if (report.estado) {
      to = report.estado;
      if (to === 'DESCARGANDO') progreso = report.progreso === undefined ? null : Math.round(report.progreso);
      if (to === 'DESCARGADO' || to === 'VERIFICADO') progreso = 100;
      if (
        (to === 'DESCARGADO' || to === 'VERIFICADO') &&
        report.sha256 &&
        report.sha256.toLowerCase() !== pkg.sha256
      ) {
        to = 'FALLIDO';
        motivo = mensajes.firmwareChecksumIncorrecto;
      }
      if (to === 'ACTUALIZADO' && report.version !== undefined && report.version !== pkg.version) {
        to = 'FALLIDO';
        motivo = mensajes.firmwareVersionDistinta(report.version);
      }
      if (to === 'FALLIDO' && motivo === null)
        motivo = report.motivo?.trim() || mensajes.firmwareFalloSinMotivo;
    } else if (report.version !== undefined) {
      // A version report (every connect): after a reboot it says whether the image took.
      if (report.version === pkg.version) to = 'ACTUALIZADO';
      else if (current.estado === 'ACTUALIZANDO') {
        to = 'FALLIDO';
        motivo =
          previous === null || previous.version === report.version
            ? mensajes.firmwareVersionSinCambio
            : mensajes.firmwareVersionDistinta(report.version);
      }
    }
    if (to === null) {
      if (report.version !== undefined) {
        publish(device.id, null, report.version);
        // A board that connects with an update on its way gets the notice again (the embedded
        // broker keeps retained messages in memory only, so a server restart loses them).
        const [target] = await directory.byIds([device.id]);
        if (target) await sendNotice(target.apikey, notice(current, pkg, target.apikey));
      }
      return;
    }
    const moved = await repo.setUpdateState(db, current.id, enCurso, to, {
      ...(progreso !== undefined ? { progreso } : {}),
      motivo,
    });
    if (!moved) return;
    const updated: UpdateRow = {
      ...current,
      estado: to,
      progreso: progreso === undefined ? current.progreso : progreso,
      motivo,
      updatedAt: Date.now(),
    };
    publish(device.id, updated, report.version ?? null);
    if (estadosFinales.includes(to)) {
      // Finished: the retained notice goes, so the board does not start again on its next connect.
      await sendNotice(device.apikey, null);
      await finishRolloutIfDone(current.rolloutId);
    }
  }

  return {
    refusal,
    storage,

    async paquetes(userId: number) {
      const refused = await refusal(userId);
      return {
        paquetes: await toPaquetes(await repo.packagesOf(db, userId)),
        permiteFirmware: refused === null,
        motivo: refused?.mensaje ?? null,
        tamanoMaximo: limits.maxBytes,
      };
    },

    /** A user's package upload (Full plan); `inventario` for an admin's inventory package. */
    upload,

    async eliminarPaquete(userId: number, id: number): Promise<void> {
      const pkg = await repo.packageById(db, id);
      if (!pkg || pkg.ownerId !== userId) throw notFound(mensajes.firmwarePaqueteNoEncontrado);
      if (await repo.packageHasOpenRollouts(db, id)) throw conflict(mensajes.firmwarePaqueteEnUso);
      await repo.deletePackage(db, id);
      await storage.remove(pkg, (await repo.sameContentCount(db, pkg.sha256)) > 0);
    },

    async crearDespliegue(userId: number, input: DespliegueCrear, asAdmin = false): Promise<Despliegue> {
      const pkg = await repo.packageById(db, input.idPaquete);
      if (!pkg?.listo || pkg.ownerId !== userId) throw notFound(mensajes.firmwarePaqueteNoEncontrado);
      if (pkg.inventario && !asAdmin) throw forbidden(mensajes.firmwareSoloAdministradores);
      if (!pkg.inventario) await requireFull(userId);
      const { targets, nombre } = await resolveTargets(userId, pkg, input.destino);
      if (targets.length === 0) throw conflict(mensajes.firmwareSinEquipos);
      const deviceIds = targets.map((d) => d.id);
      // A device has one update on its way: an older rollout's open update is superseded.
      for (const old of await repo.openUpdatesOf(db, deviceIds))
        await closeUpdate(old, mensajes.firmwareReemplazada);
      const rolloutId = await db.transaction().execute(async (trx) => {
        const id = await repo.insertRollout(trx, {
          ownerId: userId,
          packageId: pkg.id,
          destinoTipo: input.destino.tipo,
          destinoId: input.destino.id,
          destinoNombre: nombre,
          ritmo: input.ritmo ?? limits.perMinute,
        });
        await repo.insertUpdates(trx, id, pkg.id, deviceIds);
        return id;
      });
      await scheduler.schedule(db, ROLLOUT_JOB, rolloutId, Date.now());
      const rollout = await repo.rolloutById(db, rolloutId);
      const [despliegue] = rollout ? await toDespliegues([rollout]) : [];
      if (!despliegue) throw notFound(mensajes.firmwareDespliegueNoEncontrado);
      return despliegue;
    },

    async despliegues(userId: number): Promise<Despliegue[]> {
      return toDespliegues(await repo.rolloutsOf(db, userId));
    },

    async despliegue(userId: number, id: number) {
      const rollout = await ownedRollout(userId, id);
      const [despliegue] = await toDespliegues([rollout]);
      if (!despliegue) throw notFound(mensajes.firmwareDespliegueNoEncontrado);
      return { despliegue, actualizaciones: await toActualizaciones(await repo.updatesOfRollout(db, id)) };
    },

    async pausar(userId: number, id: number): Promise<void> {
      await ownedRollout(userId, id);
      if (!(await repo.setRolloutState(db, id, ['ACTIVO'], 'PAUSADO')))
        throw conflict(mensajes.firmwareDespliegueNoActivo);
      await scheduler.cancel(db, ROLLOUT_JOB, id);
    },

    async reanudar(userId: number, id: number): Promise<void> {
      await ownedRollout(userId, id);
      if (!(await repo.setRolloutState(db, id, ['PAUSADO'], 'ACTIVO')))
        throw conflict(mensajes.firmwareDespliegueNoPausado);
      await scheduler.schedule(db, ROLLOUT_JOB, id, Date.now());
    },

    async cancelar(userId: number, id: number): Promise<void> {
      await ownedRollout(userId, id);
      if (!(await repo.setRolloutState(db, id, ['ACTIVO', 'PAUSADO'], 'CANCELADO')))
        throw conflict(mensajes.firmwareDespliegueTerminado);
      await scheduler.cancel(db, ROLLOUT_JOB, id);
      for (const update of await repo.updatesOfRollout(db, id))
        if (abiertos.includes(update.estado)) await closeUpdate(update, mensajes.firmwareCancelada);
    },

    /** A failed device's new attempt: told again at once, whatever the rollout's pace. */
    async reintentar(userId: number, updateId: number): Promise<Actualizacion> {
      const update = await repo.updateById(db, updateId);
      const rollout = update ? await repo.rolloutById(db, update.rolloutId) : null;
      if (!update || !rollout || rollout.ownerId !== userId)
        throw notFound(mensajes.firmwareActualizacionNoEncontrada);
      const pkg = await repo.packageById(db, update.packageId);
      if (pkg && !pkg.inventario) await requireFull(userId);
      if (update.estado !== 'FALLIDO' || rollout.estado === 'CANCELADO')
        throw conflict(mensajes.firmwareNoReintentable);
      // A newer update of the device (another rollout) wins: this one is history.
      const newer = (await repo.openUpdatesOf(db, [update.deviceId])).some((u) => u.id > update.id);
      if (newer) throw conflict(mensajes.firmwareNoReintentable);
      if (!(await notify(update, ['FALLIDO']))) throw conflict(mensajes.firmwareNoReintentable);
      await repo.setRolloutState(db, rollout.id, ['FINALIZADO'], 'ACTIVO');
      const fresh = await repo.updateById(db, updateId);
      const [answer] = await toActualizaciones(fresh ? [fresh] : []);
      if (!answer) throw notFound(mensajes.firmwareActualizacionNoEncontrada);
      return answer;
    },

    /** The device's running firmware, last update and history (any role on the device). */
    async equipo(deviceId: number) {
      const historial = await toActualizaciones(await repo.historyOf(db, deviceId));
      return { version: await repo.versionOf(db, deviceId), ultima: historial[0] ?? null, historial };
    },

    /** Reported versions by device (the admin inventory's firmware column). */
    versionsOf: (deviceIds: number[]) => repo.versionsOf(db, deviceIds),

    /** What a device publishes on `{apikey}/ota/estado` (the broker hands it over). */
    report: applyReport,

    /**
     * A device's download: its own credentials, the package assigned to it, a byte range. Rate
     * limited per device. Marks a notified update DESCARGANDO.
     */
    async download(
      apikey: string,
      secret: string | undefined,
      ip: string,
      packageId: number,
      rangeHeader: string | undefined,
      ifRange: string | undefined,
    ): Promise<{
      pkg: PackageRow;
      range: { start: number; end: number } | null;
      stream: () => Readable;
    }> {
      const device = await deps.devices.findDevice(apikey);
      if (!device || !secret || !sameText(secret, device.secret)) {
        const { throttled } = await deps.devices.credentialGuard.failed(apikey, ip);
        if (throttled) throw tooManyRequests();
        throw new AppError(401, mensajes.credencialesDispositivoInvalidas);
      }
      await deps.devices.credentialGuard.succeeded(apikey, ip);
      const minute = Math.floor(Date.now() / 60_000);
      const used = downloads.get(device.id);
      const count = used && used.minute === minute ? used.count + 1 : 1;
      downloads.set(device.id, { minute, count });
      if (downloads.size > 50_000)
        for (const [id, u] of downloads) if (u.minute !== minute) downloads.delete(id);
      if (count > limits.downloadsPerMinute) throw tooManyRequests(mensajes.firmwareDemasiadasDescargas);
      const update = await repo.assignedUpdate(db, device.id, packageId);
      const pkg = update ? await repo.packageById(db, packageId) : null;
      if (!update || !pkg?.listo) throw notFound(mensajes.firmwareDescargaNoAsignada);
      // If-Range with another ETag: the file changed, so the whole file.
      const parsed = ifRange && ifRange !== `"${pkg.sha256}"` ? null : parseRange(rangeHeader, pkg.tamano);
      if (parsed === 'invalida') throw new AppError(416, mensajes.firmwareRangoInvalido);
      if (update.estado === 'NOTIFICADO') {
        const progreso = parsed ? Math.floor((parsed.start * 100) / pkg.tamano) : 0;
        if (await repo.setUpdateState(db, update.id, ['NOTIFICADO'], 'DESCARGANDO', { progreso }))
          publish(device.id, { ...update, estado: 'DESCARGANDO', progreso }, null);
      }
      const start = parsed?.start ?? 0;
      const end = parsed?.end ?? pkg.tamano - 1;
      return { pkg, range: parsed, stream: () => storage.read(pkg, start, end) };
    },
  };
}

export type FirmwareService = ReturnType<typeof createFirmwareService>;
