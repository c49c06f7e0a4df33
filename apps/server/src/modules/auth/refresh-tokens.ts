import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { codigosError, mensajes } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { unauthorized } from '../../platform/http/errors.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Opaque refresh tokens, stored as SHA-256. Each login starts a family; every refresh rotates the
 * token (the old one is marked rotated). Presenting a rotated token again means it was copied:
 * the whole family is revoked and the caller must log in again.
 */
export function createRefreshTokens(db: Db, ttlDays: number) {
  const ttlMs = ttlDays * 86_400_000;

  async function revokeFamily(executor: Db, familyId: string, at: number): Promise<void> {
    await executor
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async function issue(userId: number, familyId: string = randomUUID(), executor: Db = db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await executor
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: sha256(token),
        expires_at: now + ttlMs,
        created_at: now,
        rotated_at: null,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  return {
    issue,

    /** Exchanges a refresh token for a new one of the same family; throws 401 when it cannot. */
    async rotate(token: string): Promise<{ userId: number; refreshToken: string }> {
      const row = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      const now = Date.now();
      if (!row || row.revoked_at !== null || row.expires_at <= now) {
        throw unauthorized(mensajes.refreshInvalido, codigosError.sesionExpirada);
      }
      if (row.rotated_at !== null) {
        await revokeFamily(db, row.family_id, now);
        throw unauthorized(mensajes.refreshReutilizado, codigosError.sesionExpirada);
      }
      const rotated = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: now })
          .where('id', '=', row.id)
          .where('rotated_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        return issue(row.user_id, row.family_id, trx);
      });
      if (rotated === null) {
        // Another request rotated it at the same moment: the same token was used twice.
        await revokeFamily(db, row.family_id, now);
        throw unauthorized(mensajes.refreshReutilizado, codigosError.sesionExpirada);
      }
      return { userId: row.user_id, refreshToken: rotated };
    },

    /** Logout: ends the session (family) the token belongs to. Unknown tokens are ignored. */
    async revokeFamilyOf(token: string): Promise<void> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (row) await revokeFamily(db, row.family_id, Date.now());
    },

    /** Ends every session of a user (password change). */
    async revokeAllForUser(userId: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Drops rows past their expiry (housekeeping). */
    async purgeExpired(now: number = Date.now()): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
