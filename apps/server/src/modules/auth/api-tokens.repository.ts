import type { Db } from '../../platform/db/client.js';
import type { ApiTokensTable } from '../../platform/db/schema.js';

type Row = Omit<ApiTokensTable, 'id'> & { id: number };

/** Queries of `api_tokens` (Kysely only). */
export function createApiTokensRepository(db: Db) {
  return {
    async insert(values: Omit<Row, 'id'>): Promise<number> {
      const row = await db.insertInto('api_tokens').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** The user's tokens not revoked (expired ones included), newest first. */
    async activeOf(userId: number): Promise<Row[]> {
      const rows = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    async byId(id: number): Promise<Row | undefined> {
      const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, id: Number(row.id) };
    },
    async byHash(hash: string): Promise<Row | undefined> {
      const row = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      return row && { ...row, id: Number(row.id) };
    },
    /** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
    async revoke(userId: number, id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeAll(userId: number, at: number): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async recordUse(id: number, at: number, ip: string): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: at, last_ip: ip })
        .where('id', '=', id)
        .execute();
    },
  };
}
