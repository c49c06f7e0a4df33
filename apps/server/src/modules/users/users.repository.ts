import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import type { NewUser, UserRow, UserUpdate } from '../../platform/db/schema.js';

const lower = (value: string) => value.trim().toLowerCase();

/** Queries on users, roles, country codes and activation links. Executor-first so callers can pass a transaction. */
export function createUsersRepository() {
  return {
    async byId(db: Db, id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async byUsername(db: Db, username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', lower(username))
        .executeTakeFirst();
    },

    async byMail(db: Db, mail: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(mail)`, '=', lower(mail))
        .executeTakeFirst();
    },

    async byUsernameOrMail(db: Db, value: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', lower(value)),
            eb(sql<string>`lower(mail)`, '=', lower(value)),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst();
    },

    /** The admin's user search: username, name or e-mail containing the text, newest first. */
    async search(db: Db, text: string, limit: number): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll();
      const trimmed = text.trim().toLowerCase();
      if (trimmed) {
        const pattern = `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(username) like ${pattern} escape '\\'`,
            sql<boolean>`lower(nombre) like ${pattern} escape '\\'`,
            sql<boolean>`lower(mail) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    async usernamesByIds(db: Db, ids: number[]): Promise<Array<{ id: number; username: string }>> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: Number(r.id), username: r.username }));
    },

    async byGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    /** The parent account of a sub-user, or null. */
    async parentOf(db: Db, userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('usuario_padre_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.usuario_padre_id ?? null;
    },

    /** The user and its sub-users (the accounts that share one licence). */
    async familyIds(db: Db, userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', userId), eb('usuario_padre_id', '=', userId)]))
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', lower(username));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async mailTaken(db: Db, mail: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where(sql<string>`lower(mail)`, '=', lower(mail));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(db: Db, values: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(db: Db, id: number, values: UserUpdate): Promise<void> {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** The platform roles of several users in one query. */
    async rolesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (userIds.length === 0) return out;
      const rows = await db
        .selectFrom('user_roles')
        .select(['user_id', 'rol'])
        .where('user_id', 'in', [...userIds])
        .execute();
      for (const row of rows)
        out.set(Number(row.user_id), [...(out.get(Number(row.user_id)) ?? []), row.rol]);
      return out;
    },

    async roles(db: Db, userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_roles')
        .select('rol')
        .where('user_id', '=', userId)
        .orderBy('rol')
        .execute();
      return rows.map((r) => r.rol);
    },

    async addRoles(db: Db, userId: number, roles: string[]): Promise<void> {
      if (roles.length === 0) return;
      await db
        .insertInto('user_roles')
        .values(roles.map((rol) => ({ user_id: userId, rol })))
        .onConflict((oc) => oc.columns(['user_id', 'rol']).doNothing())
        .execute();
    },

    async hasRole(db: Db, rol: string): Promise<boolean> {
      return (
        (await db.selectFrom('user_roles').select('user_id').where('rol', '=', rol).executeTakeFirst()) !==
        undefined
      );
    },

    async empresa(db: Db, id: number) {
      return db.selectFrom('empresas').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async countryCode(db: Db, id: number) {
      return db.selectFrom('country_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async countryCodes(db: Db) {
      return db.selectFrom('country_codes').selectAll().orderBy('descripcion').orderBy('id').execute();
    },

    /** Users whose phone ends with `suffix` (digits): the candidates a shared Telegram contact may name. */
    async byPhoneSuffix(db: Db, suffix: string): Promise<Array<{ id: number; telefono: string }>> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'telefono'])
        .where('telefono', 'like', `%${suffix}`)
        .limit(50)
        .execute();
      return rows.flatMap((row) => (row.telefono ? [{ id: row.id, telefono: row.telefono }] : []));
    },

    /** Links a Telegram chat to one user; a chat belongs to one account, so any other link to it is dropped. */
    async setTelegramChatId(db: Db, userId: number, chatId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ telegram_chat_id: null })
          .where('telegram_chat_id', '=', chatId)
          .where('id', '!=', userId)
          .execute();
        await trx.updateTable('users').set({ telegram_chat_id: chatId }).where('id', '=', userId).execute();
      });
    },

    async insertActivationLink(db: Db, values: { token_hash: string; user_id: number; expires_at: number }) {
      await db
        .insertInto('activation_links')
        .values({ ...values, used_at: null, created_at: Date.now() })
        .execute();
    },

    async activationLink(db: Db, tokenHash: string) {
      return db
        .selectFrom('activation_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async useActivationLink(db: Db, id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('activation_links')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async purgeVerificationCodes(db: Db, expiredBefore: number): Promise<void> {
      await db.deleteFrom('verification_codes').where('expires_at', '<', expiredBefore).execute();
    },

    async purgeActivationLinks(db: Db, expiredBefore: number): Promise<void> {
      await db.deleteFrom('activation_links').where('expires_at', '<', expiredBefore).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
