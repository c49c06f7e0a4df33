import { randomInt } from 'node:crypto';
import {
  CLAIM_ALPHABET,
  CLAIM_LENGTH,
  codigoReclamoDeTexto,
  codigosEquipo,
  formatoCodigoReclamo,
  mensajes,
  rolesEquipo,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { AttemptLimiter } from '../../platform/http/rate-limit.js';
import { createClaimRepository } from './claim.repository.js';
import type { DevicesCore } from './devices.core.js';
import { createInventoryRepository } from './inventory.repository.js';

/** Writes the device's history (the admin module's audit log); plugged in by modules.ts. */
export type ClaimAudit = (
  actorId: number,
  objeto: 'equipo',
  objetoId: number,
  accion: string,
  detalle?: unknown,
) => Promise<void>;

/** Wrong codes: 10 per user and address, 50 per address, in 15 minutes; then 429. */
export const claimLimits = { maxAttempts: 10, maxAttemptsPerIp: 50, windowSeconds: 900 };

/** A fresh random code (crypto RNG, uniform over the alphabet). */
export function newClaimCode(): string {
  let code = '';
  for (let i = 0; i < CLAIM_LENGTH; i++) code += CLAIM_ALPHABET[randomInt(CLAIM_ALPHABET.length)];
  return code;
}

/**
 * Claiming a labelled inventory device (issue 28): the admin's label carries a single-use code;
 * whoever types or scans it becomes the device's owner, within their licence's device limit, and
 * the code is spent. Wrong codes count in a limiter per user and address (429 past it); the claim
 * is written to the device's history.
 */
export function createClaimService(core: DevicesCore, limiter: AttemptLimiter) {
  const { db, repos } = core;
  const claims = createClaimRepository();
  const inventory = createInventoryRepository();
  let audit: ClaimAudit = async () => {};

  async function issue(executor: Db, deviceId: number): Promise<string> {
    for (;;) {
      const code = newClaimCode();
      if (await claims.insert(executor, deviceId, code)) return code;
    }
  }

  return {
    setAudit(fn: ClaimAudit) {
      audit = fn;
    },

    /** The label's code of an inventory device (issued on first use); null once it has an owner. */
    async codeFor(deviceId: number, executor: Db = db): Promise<string | null> {
      const device = await repos.devices.byId(executor, deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      // Handed over (claimed, or assigned by an admin): no code to print.
      if (Number(device.inventario) !== 1) return null;
      const existing = await claims.ofDevice(executor, deviceId);
      if (existing) return existing.claimed_at === null ? formatoCodigoReclamo(existing.codigo) : null;
      return formatoCodigoReclamo(await issue(executor, deviceId));
    },

    async claim(userId: number, text: string, ip: string): Promise<{ id: number; nombre: string }> {
      const subject = `u${userId}`;
      if (await limiter.isBlocked(subject, ip)) throw new AppError(429, mensajes.demasiadosIntentos);
      const codigo = codigoReclamoDeTexto(text);
      const found = codigo === null ? undefined : await claims.byCode(db, codigo);
      if (!found) {
        await limiter.recordFailure(subject, ip);
        throw new AppError(400, mensajes.codigoReclamoInvalido, codigosEquipo.codigoReclamoInvalido);
      }
      const spent = () => new AppError(409, mensajes.codigoReclamoUsado, codigosEquipo.codigoReclamoUsado);
      if (found.claimedAt !== null) throw spent();
      const deviceId = found.deviceId;

      const { previousOwnerId, nombre } = await core.withLicenceLocked(userId, async (trx, licencia) => {
        const device = await repos.devices.byId(trx, deviceId);
        if (!device || Number(device.inventario) !== 1) throw spent();
        if (!licencia) throw new AppError(403, mensajes.sinSuscripcionActiva, codigosEquipo.sinSuscripcion);
        if (licencia.cantEquiposAsignados >= licencia.cantidadDispositivos)
          throw new AppError(403, mensajes.limiteEquipos, codigosEquipo.limiteEquipos);
        if (!(await claims.spend(trx, deviceId, userId))) throw spent();
        const owner = Number(device.owner_id);
        const folderId = Number((await core.ensureRoot(userId, trx)).id);
        await repos.devices.unlink(trx, deviceId, owner);
        await repos.devices.unlink(trx, deviceId, userId);
        await repos.devices.link(trx, { deviceId, userId, rolId: rolesEquipo.propietario, folderId });
        await inventory.setOwner(trx, deviceId, userId);
        return { previousOwnerId: owner, nombre: device.nombre };
      });
      await limiter.recordSuccess(subject);
      if (previousOwnerId !== userId) core.revoked({ deviceId, userId: previousOwnerId });
      core.changed(deviceId);
      await audit(userId, 'equipo', deviceId, 'Reclamado con el código de la etiqueta', {
        de: previousOwnerId,
        a: userId,
      });
      return { id: deviceId, nombre };
    },
  };
}

export type ClaimService = ReturnType<typeof createClaimService>;
