import { randomBytes } from 'node:crypto';
import { tiposSuscripcion } from '@nexo/contracts';
import { createLicensingService } from '../modules/licensing/index.js';
import { hashPassword } from '../modules/users/index.js';
import type { TestApp } from './helpers.js';

// ---- users ----

export interface TestUser {
  id: number;
  username: string;
  mail: string;
  password: string;
  accessToken: string;
  auth: { authorization: string };
}

export const defaultTestPassword = 'Clave12345';

// One hash shared by every factory user with the default password: argon2 is slow on purpose.
let defaultHash: Promise<string> | undefined;

/**
 * Inserts an activated user directly (no HTTP), gives it a licence and signs an access token.
 * plan: 'gratis' (default) = free trial token, 'full' = Full token without end, 'ninguno' = no token.
 */
export async function createUser(
  t: TestApp,
  opts: {
    roles?: string[];
    plan?: 'gratis' | 'full' | 'ninguno';
    username?: string;
    password?: string;
    mail?: string;
    parentId?: number;
    esExterno?: boolean;
  } = {},
): Promise<TestUser> {
  const username = opts.username ?? `u${randomBytes(5).toString('hex')}`;
  const mail = opts.mail ?? `${username}@test.local`;
  const password = opts.password ?? defaultTestPassword;
  let passwordHash: string;
  if (password === defaultTestPassword) {
    defaultHash ??= hashPassword(defaultTestPassword);
    passwordHash = await defaultHash;
  } else {
    passwordHash = await hashPassword(password);
  }
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      mail,
      nombre: `Usuario ${username}`,
      telefono: null,
      codigo_pais_id: null,
      password_hash: opts.esExterno ? null : passwordHash,
      es_externo: opts.esExterno ? 1 : 0,
      google_sub: opts.esExterno ? `google-${username}` : null,
      mail_validado: 1,
      telegram_chat_id: null,
      empresa_id: null,
      usuario_padre_id: opts.parentId ?? null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const roles = opts.roles ?? [];
  if (roles.length > 0) {
    await t.db
      .insertInto('user_roles')
      .values(roles.map((rol) => ({ user_id: id, rol })))
      .execute();
  }
  const licensing = createLicensingService({ db: t.db });
  const plan = opts.plan ?? 'gratis';
  if (plan === 'gratis') await licensing.issueTrial(id);
  if (plan === 'full') await licensing.issuePlan(id, tiposSuscripcion.full);
  const accessToken = await t.app.ctx.tokens.sign({ userId: id, username, roles });
  return { id, username, mail, password, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
}

// ---- devices, folders, sensors ----
export {
  createDevice,
  createFolder,
  createSensor,
  linkUserToDevice,
  rootFolderId,
  sensorSaveBody,
  type TestDevice,
  type TestSensor,
} from './devices.factories.js';
