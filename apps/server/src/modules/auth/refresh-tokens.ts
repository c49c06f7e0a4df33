import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { codigosError, mensajes } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { unauthorized } from '../../platform/http/errors.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Opaque refresh tokens, stored as SHA-256. Each login starts a family; every refresh rotates the
 * token (the old one is marked rotated). Presenting a rotated token again means it was copied:
 * the whole family is revoked and the caller must log in again.
 *
 * Except within `graceSeconds` of its rotation while its successor is still unused: then the same
 * successor is answered again. The successor is derived from the token (an HMAC with the server's
 * key), so no second token comes into being. Several tabs of the web app share one refresh cookie;
 * two of them refreshing at the same moment, or a reload that aborted a refresh after the server
 * rotated it, present the old token twice, and both get the one successor the cookie then holds.
 * Once the successor has been used, the old token is a reuse again.
 */
export function createRefreshTokens(db: Db, ttlDays: number, options: { graceSeconds: number; key: string }) {
  const ttlMs = ttlDays * 86_400_000;
  const graceMs = options.graceSeconds * 1000;
  const successorOf = (token: string) =>
    createHmac('sha256', options.key).update(`refresh:${token}`).digest('base64url');

  async function revokeFamily(executor: Db, familyId: string, at: number): Promise<void> {
    await executor
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async function insert(
    executor: Db,
    values: { userId: number; familyId: string; token: string; now: number },
  ): Promise<void> {
    await executor
      .insertInto('refresh_tokens')
      .values({
        user_id: values.userId,
        family_id: values.familyId,
        token_hash: sha256(values.token),
        expires_at: values.now + ttlMs,
        created_at: values.now,
        rotated_at: null,
        revoked_at: null,
      })
      .execute();
  }

  async function issue(userId: number, familyId: string = randomUUID(), executor: Db = db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insert(executor, { userId, familyId, token, now: Date.now() });
    return token;
  }

  /** The successor answered again, when the token was rotated moments ago and it is still unused. */
  async function graceSuccessor(
    row: { family_id: string; rotated_at: number | null },
    token: string,
    now: number,
  ): Promise<string | null> {
    if (row.rotated_at === null || now - row.rotated_at > graceMs) return null;
    const successor = successorOf(token);
    const next = await db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'rotated_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', sha256(successor))
      .executeTakeFirst();
    const unused =
      next?.family_id === row.family_id &&
      next.rotated_at === null &&
      next.revoked_at === null &&
      next.expires_at > now;
    return unused ? successor : null;
  }

  return {
    issue,

    /** Exchanges a refresh token for its successor in the same family; throws 401 when it cannot. */
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
      // A rotated token again: its successor once more within the grace, else a copy was used.
      const presentedAgain = async (rotatedAt: number | null) => {
        const again = await graceSuccessor({ family_id: row.family_id, rotated_at: rotatedAt }, token, now);
        if (again) return { userId: row.user_id, refreshToken: again };
        await revokeFamily(db, row.family_id, now);
        throw unauthorized(mensajes.refreshReutilizado, codigosError.sesionExpirada);
      };
      if (row.rotated_at !== null) return presentedAgain(row.rotated_at);
      const rotated = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: now })
          .where('id', '=', row.id)
          .where('rotated_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        const successor = successorOf(token);
        await insert(trx, { userId: row.user_id, familyId: row.family_id, token: successor, now });
        return successor;
      });
      if (rotated === null) {
        // Another request rotated it at the same moment: the same token was used twice.
        const current = await db
          .selectFrom('refresh_tokens')
          .select('rotated_at')
          .where('id', '=', row.id)
          .executeTakeFirst();
        return presentedAgain(current?.rotated_at ?? null);
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
