import { createHash, randomBytes } from 'node:crypto';
import {
  type ActualizarUsuarioInput,
  codigosError,
  type ErrorItem,
  type InfoGral,
  mensajes,
  type RegistrarInput,
  rolesUsuario,
  tiposSuscripcion,
  type UsuarioSesion,
  zonaHorariaPorDefecto,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { NewUser, UserRow } from '../../platform/db/schema.js';
import { AppError, badRequest, fieldError, notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { SessionEndReason } from '../../platform/security/revocations.js';
import type { LicensingService } from '../licensing/index.js';
import { hashPassword, verifyPassword } from './password.js';
import { mails } from './users.mails.js';
import { createUsersRepository } from './users.repository.js';
import { codeTtlMinutes, createVerificationCodes, newCodeHash } from './verification.js';

export const activationLinkTtlHours = 48;
export const demoUser = {
  username: 'demo',
  password: 'Demo12345',
  mail: 'demo@nexo.local',
  nombre: 'Usuario Demo',
};

export interface UsersDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: Logger;
  licensing: LicensingService;
  /**
   * Ends every session of a user, on every instance: refresh tokens, access tokens, live STOMP
   * sessions (modules.ts: the auth module's refresh tokens and the platform's revocation set).
   * Blocking the account and changing its password go through it.
   */
  endSessions?: (userId: number, motivo: SessionEndReason) => Promise<void>;
  /** Told after a user changed time zone (automation recomputes the scheduled events' times). */
  onTimeZoneChanged?: (userId: number) => Promise<void>;
}

/** The refusal of a wrong current password; the auth module counts it as a failed login. */
export const wrongCurrentPassword = () =>
  fieldError('passwordActual', mensajes.passwordActualIncorrecto, 403);
export const isWrongCurrentPassword = (error: unknown) =>
  error instanceof AppError && error.httpStatus === 403 && error.errores?.[0]?.campo === 'passwordActual';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const normalizeMail = (mail: string) => mail.trim().toLowerCase();
const emptyToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/**
 * A users row with the defaults every creation path shares (local account, no phone, no parent,
 * not validated); callers set what differs.
 */
function newUserRow(values: Pick<NewUser, 'username' | 'mail' | 'nombre'> & Partial<NewUser>): NewUser {
  return {
    telefono: null,
    codigo_pais_id: null,
    password_hash: null,
    es_externo: 0,
    google_sub: null,
    mail_validado: 0,
    telegram_chat_id: null,
    empresa_id: null,
    usuario_padre_id: null,
    created_at: Date.now(),
    ...values,
  };
}

export function createUsersService(deps: UsersDeps) {
  const { db, mailer, licensing, log } = deps;
  const repo = createUsersRepository();
  const codes = createVerificationCodes(db);

  async function uniquenessErrors(username: string, mail: string, exceptId?: number): Promise<ErrorItem[]> {
    const errores: ErrorItem[] = [];
    if (await repo.usernameTaken(db, username, exceptId))
      errores.push({ campo: 'username', mensaje: mensajes.usuarioExistente });
    if (await repo.mailTaken(db, mail, exceptId))
      errores.push({ campo: 'mail', mensaje: mensajes.mailExistente });
    return errores;
  }

  const failWith = (errores: ErrorItem[]) => {
    const first = errores[0];
    if (first) throw new AppError(400, first.mensaje, codigosError.generico, errores);
  };

  async function countryCodeExists(id: number | null | undefined): Promise<void> {
    if (id === null || id === undefined) return;
    if (!(await repo.countryCode(db, id))) throw fieldError('codigoPais', mensajes.codigoPaisInvalido);
  }

  async function sessionUser(userId: number): Promise<UsuarioSesion | null> {
    const user = await repo.byId(db, userId);
    if (!user) return null;
    const [roles, empresa, codigoPais, token] = await Promise.all([
      repo.roles(db, user.id),
      user.empresa_id ? repo.empresa(db, user.empresa_id) : undefined,
      user.codigo_pais_id ? repo.countryCode(db, user.codigo_pais_id) : undefined,
      licensing.getActiveLicence(user.id),
    ]);
    return {
      id: user.id,
      username: user.username,
      nombre: user.nombre,
      mail: user.mail,
      telefono: user.telefono,
      codigoPais: codigoPais
        ? { id: codigoPais.id, codigoPais: codigoPais.codigo_pais, descripcion: codigoPais.descripcion }
        : null,
      roles,
      empresa: empresa ? { id: empresa.id, nombre: empresa.nombre, logoUrl: empresa.logo_url } : null,
      tieneUsuarioPadre: user.usuario_padre_id !== null,
      esUsuarioExterno: user.es_externo === 1,
      telegramChatId: user.telegram_chat_id,
      zonaHoraria: user.zona_horaria ?? zonaHorariaPorDefecto,
      token,
    };
  }

  /** GET /sv/perfil/traerInfoGral: the profile, the licence summary and the trials still offered. */
  async function infoGral(userId: number): Promise<Omit<InfoGral, 'status'> | null> {
    const usuario = await sessionUser(userId);
    if (!usuario) return null;
    const { idPlan, pruebasDisponibles } = await licensing.planSummary(userId);
    const token = usuario.token;
    const day = 86_400_000;
    return {
      usuario,
      licencia:
        token && idPlan !== null
          ? {
              idPlan,
              nombrePlan: token.nombrePlan,
              tipoSuscripcion: token.tipoSuscripcion,
              esGratuito: token.esGratuito,
              fechaDesde: token.fechaDesde,
              fechaHasta: token.fechaHasta,
              diasRestantes:
                token.fechaHasta === null
                  ? null
                  : Math.max(0, Math.floor((token.fechaHasta - Date.now()) / day)),
              cancelacionSolicitada: token.cancelacionSolicitada,
              equipos: { usados: token.cantEquiposAsignados, limite: token.cantidadDispositivos },
              sensores: { usados: token.cantSensoresAsignados, limite: token.cantidadSensores },
              usuarios: { usados: token.cantUsuariosAsignados, limite: token.cantidadUsuarios },
            }
          : null,
      pruebasDisponibles: usuario.tieneUsuarioPadre ? [] : pruebasDisponibles,
      puedeContratar: !usuario.tieneUsuarioPadre,
    };
  }

  async function sendActivationLink(user: UserRow, origin: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertActivationLink(db, {
      token_hash: sha256(token),
      user_id: user.id,
      expires_at: Date.now() + activationLinkTtlHours * 3_600_000,
    });
    const link = `${origin.replace(/\/$/, '')}/login?codigoMail=${encodeURIComponent(token)}`;
    await mailer.send(mails.activationLink(user.mail, user.nombre, link, activationLinkTtlHours));
  }

  async function setPassword(userId: number, password: string): Promise<void> {
    await repo.update(db, userId, { password_hash: await hashPassword(password) });
    await deps.endSessions?.(userId, 'password');
  }

  /** A free unique username derived from `base` (Google sign-up). */
  async function freeUsername(base: string): Promise<string> {
    const clean =
      base
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '')
        .slice(0, 40) || 'usuario';
    let candidate = clean.length >= 2 ? clean : `${clean}01`;
    for (let i = 1; await repo.usernameTaken(db, candidate); i++) candidate = `${clean}${i}`;
    return candidate;
  }

  /**
   * A start-up account (admin, demo): validated, Full licence. Instances starting together may race
   * on the insert; the loser finds the winner's row and reports it as not created.
   */
  async function seedUser(seed: {
    username: string;
    mail: string;
    nombre: string;
    password: string;
    roles: string[];
  }): Promise<{ id: number; created: boolean }> {
    const passwordHash = await hashPassword(seed.password);
    try {
      const id = await db.transaction().execute(async (trx) => {
        const userId = await repo.insert(
          trx,
          newUserRow({
            username: seed.username,
            mail: seed.mail,
            nombre: seed.nombre,
            password_hash: passwordHash,
            mail_validado: 1,
          }),
        );
        await repo.addRoles(trx, userId, seed.roles);
        await licensing.issuePlan(userId, tiposSuscripcion.full, { executor: trx });
        return userId;
      });
      return { id, created: true };
    } catch (error) {
      const concurrent = await repo.byUsername(db, seed.username);
      if (concurrent) return { id: concurrent.id, created: false };
      throw error;
    }
  }

  return {
    sessionUser,
    infoGral,

    /** Blocked by an admin: no login and no refreshed session. */
    async isBlocked(userId: number): Promise<boolean> {
      return (await repo.byId(db, userId))?.bloqueado === 1;
    },

    /** The admin area: accounts by username, name or e-mail (the admin check is in the admin module). */
    async adminSearch(text: string, limit = 200) {
      const rows = await repo.search(db, text, limit);
      const roles = await repo.rolesOf(
        db,
        rows.map((row) => Number(row.id)),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        username: row.username,
        nombre: row.nombre,
        mail: row.mail,
        bloqueado: row.bloqueado === 1,
        esExterno: row.es_externo === 1,
        mailValidado: row.mail_validado === 1,
        usuarioPadreId: row.usuario_padre_id === null ? null : Number(row.usuario_padre_id),
        roles: roles.get(Number(row.id)) ?? [],
        creado: Number(row.created_at),
      }));
    },

    /** Blocks or unblocks an account; blocking ends every session at once, on every instance. */
    async setBlocked(userId: number, bloqueado: boolean): Promise<void> {
      const user = await repo.byId(db, userId);
      if (!user) throw notFound(mensajes.adminUsuarioInexistente);
      await repo.update(db, userId, { bloqueado: bloqueado ? 1 : 0 });
      if (bloqueado) await deps.endSessions?.(userId, 'bloqueo');
    },

    /**
     * An admin starts a password reset: the user gets the recovery code and a link to /login that
     * opens the reset with its hash, so nothing is asked of the admin.
     */
    async sendPasswordReset(userId: number, origin: string): Promise<void> {
      const user = await repo.byId(db, userId);
      if (!user) throw notFound(mensajes.adminUsuarioInexistente);
      if (user.es_externo === 1) throw badRequest(mensajes.adminUsuarioExterno);
      const created = await codes.create({ mail: user.mail, proposito: 'recuperacion', userId: user.id });
      const link = `${origin.replace(/\/$/, '')}/login?recuperacion=${encodeURIComponent(created.hash)}`;
      await mailer.send(mails.adminPasswordReset(user.mail, user.nombre, created.code, link, codeTtlMinutes));
    },

    async roles(userId: number): Promise<string[]> {
      return repo.roles(db, userId);
    },

    async byId(userId: number) {
      return repo.byId(db, userId);
    },

    /** Usernames by user id (other modules list people without reading the users table). */
    async usernamesOf(ids: number[]): Promise<Map<number, string>> {
      const rows = await repo.usernamesByIds(db, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** The account a login names: its username, or its e-mail. */
    async findForLogin(value: string) {
      return (await repo.byUsername(db, value)) ?? (await repo.byMail(db, value));
    },

    async mailExists(mail: string): Promise<boolean> {
      return repo.mailTaken(db, mail);
    },

    async usernameExists(username: string): Promise<boolean> {
      return repo.usernameTaken(db, username);
    },

    async countryCodes() {
      const rows = await repo.countryCodes(db);
      return rows.map((r) => ({ id: r.id, codigoPais: r.codigo_pais, descripcion: r.descripcion }));
    },

    /** Mails a registration (or e-mail change) code to an address no account uses yet. */
    async sendRegistrationCode(mail: string, currentUserId?: number): Promise<{ hash: string }> {
      if (await repo.mailTaken(db, mail, currentUserId)) throw fieldError('mail', mensajes.mailExistente);
      const { hash, code } = await codes.create({
        mail,
        proposito: 'registro',
        userId: currentUserId ?? null,
      });
      await mailer.send(mails.registrationCode(mail.trim(), code, codeTtlMinutes));
      return { hash };
    },

    /**
     * Registration in one transaction: user (mail validated by the code), free trial token and the
     * code marked used. Any failure leaves nothing behind.
     */
    async register(input: RegistrarInput): Promise<number> {
      const code = await codes.check({
        hash: input.hash,
        code: input.codigoIngresado,
        proposito: 'registro',
        mail: input.mail,
        campo: 'codigoIngresado',
      });
      failWith(await uniquenessErrors(input.username, input.mail));
      await countryCodeExists(input.codigoPais);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await codes.consume(trx, code.id)))
            throw fieldError('codigoIngresado', mensajes.codigoVencido);
          const userId = await repo.insert(
            trx,
            newUserRow({
              username: input.username,
              mail: input.mail,
              nombre: input.nombre,
              telefono: emptyToNull(input.telefono),
              codigo_pais_id: input.codigoPais ?? null,
              password_hash: passwordHash,
              mail_validado: 1,
            }),
          );
          await licensing.issueTrial(userId, trx);
          return userId;
        });
      } catch (error) {
        // A concurrent registration may have taken the name between the check and the insert.
        if (!(error instanceof AppError)) failWith(await uniquenessErrors(input.username, input.mail));
        throw error;
      }
    },

    /**
     * An account created without the code step (by an admin, or as a sub-user): it starts
     * unvalidated and gets a 48 h activation link by e-mail.
     */
    async createPendingUser(
      input: {
        username: string;
        mail: string;
        nombre: string;
        password?: string | null;
        telefono?: string | null;
        codigoPais?: number | null;
        usuarioPadreId?: number | null;
        empresaId?: number | null;
        roles?: string[];
      },
      origin: string,
    ): Promise<number> {
      failWith(await uniquenessErrors(input.username, input.mail));
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const userId = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(
          trx,
          newUserRow({
            username: input.username.trim(),
            mail: input.mail.trim(),
            nombre: input.nombre,
            telefono: emptyToNull(input.telefono),
            codigo_pais_id: input.codigoPais ?? null,
            password_hash: passwordHash,
            empresa_id: input.empresaId ?? null,
            usuario_padre_id: input.usuarioPadreId ?? null,
          }),
        );
        await repo.addRoles(trx, id, input.roles ?? []);
        return id;
      });
      const user = await repo.byId(db, userId);
      if (user) await sendActivationLink(user, origin);
      return userId;
    },

    /** Follows a mail-validation link. A user without a parent and without a licence gets the trial. */
    async activate(codigoMail: string): Promise<void> {
      const link = await repo.activationLink(db, sha256(codigoMail));
      if (!link) throw badRequest(mensajes.linkInvalido, codigosError.linkInvalido);
      const user = await repo.byId(db, link.user_id);
      if (!user) throw badRequest(mensajes.linkInvalido, codigosError.linkInvalido);
      if (user.mail_validado === 1) return;
      if (link.expires_at <= Date.now()) throw badRequest(mensajes.linkVencido, 'LINK_VENCIDO');
      if (link.used_at !== null) throw badRequest(mensajes.linkInvalido, codigosError.linkInvalido);
      const needsTrial = user.usuario_padre_id === null && !(await licensing.hasAnyToken(user.id));
      // Inside the transaction only `trx` may be used: SQLite has a single connection.
      await db.transaction().execute(async (trx) => {
        await repo.useActivationLink(trx, link.id, Date.now());
        await repo.update(trx, user.id, { mail_validado: 1 });
        if (needsTrial) await licensing.issueTrial(user.id, trx);
      });
    },

    /** Mails a fresh link for the account of a (possibly expired) link. */
    async resendActivation(codigo: string, origin: string): Promise<void> {
      const link = await repo.activationLink(db, sha256(codigo));
      if (!link) throw badRequest(mensajes.linkInvalido, codigosError.linkInvalido);
      const user = await repo.byId(db, link.user_id);
      if (!user) throw badRequest(mensajes.linkInvalido, codigosError.linkInvalido);
      if (user.mail_validado === 1) throw badRequest(mensajes.cuentaYaActivada);
      await sendActivationLink(user, origin);
    },

    /**
     * Mails a recovery code to the account named by `value` (username or e-mail). The answer is the
     * same for every value: an unknown name, an external (Google) account or an address past its
     * per-mail code limit get a random hash shaped like a real one and no mail. The mail is sent in
     * the background so its delay does not tell real accounts apart.
     */
    async requestPasswordRecovery(value: string): Promise<{ hash: string }> {
      const user = (await repo.byUsername(db, value)) ?? (await repo.byMail(db, value));
      if (!user || user.es_externo === 1) return { hash: newCodeHash() };
      let created: { hash: string; code: string };
      try {
        created = await codes.create({ mail: user.mail, proposito: 'recuperacion', userId: user.id });
      } catch (error) {
        if (error instanceof AppError && error.httpStatus === 429) return { hash: newCodeHash() };
        throw error;
      }
      mailer
        .send(mails.recoveryCode(user.mail, user.nombre, created.code, codeTtlMinutes))
        .catch((error: unknown) =>
          log.error({ err: error, userId: user.id }, 'no se pudo enviar el código de recuperación'),
        );
      return { hash: created.hash };
    },

    /** Sets a new password with a recovery code; every session of the user ends. */
    async resetPassword(input: { hash: string; codigo: number; password: string }): Promise<void> {
      const code = await codes.check({
        hash: input.hash,
        code: input.codigo,
        proposito: 'recuperacion',
        campo: 'codigo',
      });
      const user = code.user_id ? await repo.byId(db, code.user_id) : undefined;
      if (!user) throw fieldError('codigo', mensajes.codigoIncorrecto);
      if (user.es_externo === 1) throw badRequest(mensajes.usuarioExternoNoCambiaPassword);
      if (!(await codes.consume(db, code.id))) throw fieldError('codigo', mensajes.codigoVencido);
      await setPassword(user.id, input.password);
    },

    /**
     * Logged-in password change: needs the current password (a wrong one is a 403 on field
     * `passwordActual`); external (Google) users have none and cannot change it. Every session of
     * the user ends; the auth module starts the caller's new one.
     */
    async changePassword(
      userId: number,
      input: { passwordActual?: string | null | undefined; password: string },
    ): Promise<void> {
      const user = await repo.byId(db, userId);
      if (!user) throw notFound();
      if (user.es_externo === 1) throw badRequest(mensajes.usuarioExternoNoCambiaPassword);
      // A local account without a password (created by an admin, never activated) never matches:
      // it sets one through recovery.
      if (!input.passwordActual) throw fieldError('passwordActual', mensajes.requerido);
      if (!(await verifyPassword(user.password_hash, input.passwordActual))) throw wrongCurrentPassword();
      await setPassword(user.id, input.password);
    },

    /** Profile edit. A changed e-mail needs the code mailed to the new address by enviarCodigoRegistracion. */
    async updateProfile(userId: number, input: ActualizarUsuarioInput): Promise<UsuarioSesion> {
      const user = await repo.byId(db, userId);
      if (!user) throw notFound();
      const mailChanged = normalizeMail(input.mail) !== normalizeMail(user.mail);
      let codeId: number | null = null;
      if (mailChanged) {
        if (!input.hash || input.codigoIngresado === undefined || input.codigoIngresado === null) {
          throw fieldError('codigoIngresado', mensajes.requerido);
        }
        const code = await codes.check({
          hash: input.hash,
          code: input.codigoIngresado,
          proposito: 'registro',
          mail: input.mail,
          campo: 'codigoIngresado',
        });
        codeId = code.id;
      }
      failWith(await uniquenessErrors(input.username, input.mail, userId));
      await countryCodeExists(input.codigoPais);
      try {
        await db.transaction().execute(async (trx) => {
          if (codeId !== null && !(await codes.consume(trx, codeId))) {
            throw fieldError('codigoIngresado', mensajes.codigoVencido);
          }
          await repo.update(trx, userId, {
            nombre: input.nombre,
            username: input.username,
            mail: input.mail,
            telefono: emptyToNull(input.telefono),
            codigo_pais_id: input.codigoPais ?? null,
            ...(input.zonaHoraria ? { zona_horaria: input.zonaHoraria } : {}),
            ...(mailChanged ? { mail_validado: 1 } : {}),
          });
        });
      } catch (error) {
        // A concurrent update or registration may have taken the name between the check and the write.
        if (!(error instanceof AppError))
          failWith(await uniquenessErrors(input.username, input.mail, userId));
        throw error;
      }
      if (input.zonaHoraria) await deps.onTimeZoneChanged?.(userId);
      const updated = await sessionUser(userId);
      if (!updated) throw notFound();
      return updated;
    },

    /** Google sign-in: the account with that Google id, else the one with that verified e-mail (linked), else a new external one. */
    async findOrCreateGoogleUser(identity: {
      sub: string;
      email: string;
      emailVerified: boolean;
      name: string | null;
    }) {
      const bySub = await repo.byGoogleSub(db, identity.sub);
      if (bySub) return bySub;
      if (identity.emailVerified) {
        const byMail = await repo.byMail(db, identity.email);
        if (byMail) {
          await repo.update(db, byMail.id, { google_sub: identity.sub, mail_validado: 1 });
          return { ...byMail, google_sub: identity.sub, mail_validado: 1 };
        }
      }
      const username = await freeUsername(identity.email.split('@')[0] ?? 'usuario');
      const userId = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(
          trx,
          newUserRow({
            username,
            mail: identity.email,
            nombre: identity.name?.trim() || username,
            es_externo: 1,
            google_sub: identity.sub,
            mail_validado: identity.emailVerified ? 1 : 0,
          }),
        );
        await licensing.issueTrial(id, trx);
        return id;
      });
      const created = await repo.byId(db, userId);
      if (!created) throw new Error('Usuario de Google no encontrado tras crearlo');
      return created;
    },

    /** Drops used or expired codes after a day, and activation links a month past expiry (kept for reenviarActivacion). */
    async purgeStale(now: number = Date.now()): Promise<void> {
      await repo.purgeVerificationCodes(db, now - 86_400_000);
      await repo.purgeActivationLinks(db, now - 30 * 86_400_000);
    },

    /**
     * First start: an administrator (ADMIN_*). Without ADMIN_PASSWORD a random one is generated and
     * logged once; later starts find the admin and do nothing.
     */
    async seedAdmin(): Promise<void> {
      const { admin } = deps.config;
      if (await repo.hasRole(db, rolesUsuario.admin)) return;
      if (await repo.byUsername(db, admin.username)) return;
      const generated = admin.password ? null : randomBytes(9).toString('base64url');
      const seeded = await seedUser({
        username: admin.username,
        mail: admin.email,
        nombre: 'Administrador',
        password: admin.password ?? (generated as string),
        roles: [rolesUsuario.admin],
      });
      if (!seeded.created) return;
      if (generated) {
        log.warn(
          `Administrador creado: usuario "${admin.username}", contraseña "${generated}". Guárdela ahora: no se volverá a mostrar (o defina ADMIN_PASSWORD).`,
        );
      } else {
        log.info({ userId: seeded.id, username: admin.username }, 'administrador creado');
      }
    },

    /** Where the notifier reaches a user besides the app: e-mail and the linked Telegram chat. */
    async notificationContact(
      userId: number,
    ): Promise<{ nombre: string; mail: string; telegramChatId: string | null } | null> {
      const user = await repo.byId(db, userId);
      return user ? { nombre: user.nombre, mail: user.mail, telegramChatId: user.telegram_chat_id } : null;
    },

    /**
     * Links a Telegram chat to the user whose profile phone matches a shared contact's number.
     * Telegram sends the number with the country code (and, in some countries, a mobile prefix),
     * while the profile keeps the national number ("e.g. 10 digits"): the contact must end with
     * the profile phone. Phones shorter than 6 digits never match, and two accounts matching equally
     * well link neither.
     */
    async linkTelegramByPhone(phoneNumber: string, chatId: string): Promise<number | null> {
      const digits = phoneNumber.replace(/\D/g, '');
      if (digits.length < 6) return null;
      const candidates = (await repo.byPhoneSuffix(db, digits.slice(-6)))
        .map((c) => ({ id: c.id, telefono: c.telefono.replace(/\D/g, '') }))
        .filter((c) => c.telefono.length >= 6 && digits.endsWith(c.telefono))
        .sort((a, b) => b.telefono.length - a.telefono.length);
      const [best, second] = candidates;
      if (!best || (second && second.telefono.length === best.telefono.length)) return null;
      await repo.setTelegramChatId(db, best.id, chatId);
      log.info({ userId: best.id }, 'telegram chat linked');
      return best.id;
    },

    /** Demo mode: user demo / Demo12345 with a Full licence (the devices module adds its demo device). */
    async seedDemo(): Promise<number> {
      const existing = await repo.byUsername(db, demoUser.username);
      if (existing) return existing.id;
      const seeded = await seedUser({ ...demoUser, roles: [] });
      return seeded.id;
    },
  };
}

/** The id of the demo user, or null when demo data is not seeded. */
export async function findDemoUserId(db: Db): Promise<number | null> {
  const row = await createUsersRepository().byUsername(db, demoUser.username);
  return row?.id ?? null;
}

export type UsersService = ReturnType<typeof createUsersService>;
