import { zonaHorariaPorDefecto } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { createUsersRepository } from './users.repository.js';

/**
 * What other modules may read about accounts: the users module owns the users table, so
 * licensing (whose licence applies), devices (sharing by username, usage of a licence family)
 * and the demo seed ask here. `executor` lets a read join the caller's transaction.
 */
export function createUserDirectory(db: Db) {
  const repo = createUsersRepository();
  return {
    /** The parent account of a sub-user, or null. */
    parentOf: (userId: number, executor: Db = db) => repo.parentOf(executor, userId),
    /** The user and its sub-users: the accounts one licence covers. */
    familyOf: (userId: number, executor: Db = db) => repo.familyIds(executor, userId),
    /** By username or e-mail, ignoring case. */
    async findByUsernameOrMail(text: string, executor: Db = db): Promise<{ id: number } | null> {
      const row = await repo.byUsernameOrMail(executor, text);
      return row ? { id: Number(row.id) } : null;
    },
    /** The user's IANA time zone, or the platform default. */
    async timeZoneOf(userId: number, executor: Db = db): Promise<string> {
      const row = await repo.byId(executor, userId);
      return row?.zona_horaria ?? zonaHorariaPorDefecto;
    },
    /** Whether the user linked the Telegram bot (the Telegram channel needs it). */
    async telegramLinked(userId: number, executor: Db = db): Promise<boolean> {
      const row = await repo.byId(executor, userId);
      return Boolean(row?.telegram_chat_id);
    },
    /** The account's e-mail and name (the shop mails how to pay a purchase). */
    async contactOf(userId: number, executor: Db = db): Promise<{ mail: string; nombre: string } | null> {
      const row = await repo.byId(executor, userId);
      return row ? { mail: row.mail, nombre: row.nombre } : null;
    },
    async idByUsername(username: string, executor: Db = db): Promise<number | null> {
      const row = await repo.byUsername(executor, username);
      return row ? Number(row.id) : null;
    },
    /**
     * What a session carries about the user (username, platform roles), read now; null when the
     * account does not exist or is blocked. API tokens are checked with it on every call.
     */
    async sessionClaims(
      userId: number,
      executor: Db = db,
    ): Promise<{ userId: number; username: string; roles: string[] } | null> {
      const row = await repo.byId(executor, userId);
      if (!row || row.bloqueado === 1) return null;
      return { userId, username: row.username, roles: await repo.roles(executor, userId) };
    },
    /** Whether the user holds the platform role (read now, not from a token that may be stale). */
    async hasPlatformRole(userId: number, rol: string, executor: Db = db): Promise<boolean> {
      return (await repo.roles(executor, userId)).includes(rol);
    },
    /** Every user holding the platform role (support tells all admins about queries). */
    async idsWithPlatformRole(rol: string, executor: Db = db): Promise<number[]> {
      const rows = await executor.selectFrom('user_roles').select('user_id').where('rol', '=', rol).execute();
      return rows.map((row) => Number(row.user_id));
    },
    /** Usernames by id, for lists that show who did something. */
    async usernamesOf(userIds: readonly number[], executor: Db = db): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await executor
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [...new Set(userIds)])
        .execute();
      return new Map(rows.map((row) => [Number(row.id), row.username]));
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
