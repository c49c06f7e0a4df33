import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { mensajes } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { VerificationCodesTable } from '../../platform/db/schema.js';
import { fieldError, tooManyRequests } from '../../platform/http/errors.js';

export type Proposito = VerificationCodesTable['proposito'];

export const codeTtlMinutes = 15;
export const maxCodeAttempts = 5;
/** At most this many codes are mailed to one address per code lifetime (no mail bombing). */
export const maxCodesPerMail = 5;

/** The random handle a client holds for a mailed code (also the decoy of an unknown recovery). */
export const newCodeHash = () => randomBytes(24).toString('base64url');

const digest = (hash: string, code: string) => createHash('sha256').update(`${hash}:${code}`).digest();

/**
 * Six-digit codes mailed for registration, e-mail change and password recovery. The client holds
 * `hash` (a random handle); only a digest of the code is stored, so a database leak reveals no code.
 */
export function createVerificationCodes(db: Db) {
  return {
    async create(input: { mail: string; proposito: Proposito; userId?: number | null }) {
      const since = Date.now() - codeTtlMinutes * 60_000;
      const recent = await db
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mail', '=', input.mail.trim().toLowerCase())
        .where('created_at', '>', since)
        .executeTakeFirst();
      if (Number(recent?.n ?? 0) >= maxCodesPerMail) throw tooManyRequests();
      const hash = newCodeHash();
      const code = String(randomInt(100_000, 1_000_000));
      const now = Date.now();
      await db
        .insertInto('verification_codes')
        .values({
          hash,
          mail: input.mail.trim().toLowerCase(),
          code_hash: digest(hash, code).toString('hex'),
          proposito: input.proposito,
          user_id: input.userId ?? null,
          attempts: 0,
          expires_at: now + codeTtlMinutes * 60_000,
          used_at: null,
          created_at: now,
        })
        .execute();
      return { hash, code };
    },

    /**
     * Checks a code and returns its row; raises the field error `campo` otherwise. Wrong tries are
     * counted (outside any transaction, so they stick even if the caller fails later).
     */
    async check(input: {
      hash: string;
      code: string | number;
      proposito: Proposito;
      mail?: string;
      campo: string;
    }) {
      const row = await db
        .selectFrom('verification_codes')
        .selectAll()
        .where('hash', '=', input.hash)
        .where('proposito', '=', input.proposito)
        .executeTakeFirst();
      if (!row) throw fieldError(input.campo, mensajes.codigoIncorrecto);
      if (input.mail !== undefined && row.mail !== input.mail.trim().toLowerCase()) {
        throw fieldError(input.campo, mensajes.codigoIncorrecto);
      }
      if (row.used_at !== null || row.expires_at <= Date.now())
        throw fieldError(input.campo, mensajes.codigoVencido);
      if (row.attempts >= maxCodeAttempts) throw fieldError(input.campo, mensajes.codigoIntentosAgotados);
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = digest(input.hash, String(input.code).trim());
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await db
          .updateTable('verification_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        throw fieldError(
          input.campo,
          row.attempts + 1 >= maxCodeAttempts ? mensajes.codigoIntentosAgotados : mensajes.codigoIncorrecto,
        );
      }
      return row;
    },

    /** Marks a checked code used; false when another request used it first. */
    async consume(executor: Db, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('verification_codes')
        .set({ used_at: Date.now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
