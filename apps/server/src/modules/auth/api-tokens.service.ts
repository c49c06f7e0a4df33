import { createHash, randomBytes } from 'node:crypto';
import {
  type AlcanceTokenApi,
  alcancesTokenApi,
  type CrearTokenApiData,
  maxTokensApi,
  mensajes,
  prefijoTokenApi,
  type TokenApi,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { ApiTokenCheck } from '../../platform/http/auth-guard.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { AccessClaims } from '../../platform/security/access-token.js';
import { createApiTokensRepository } from './api-tokens.repository.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A use is written at most once a minute per token, unless the address changes. */
const USE_WRITE_INTERVAL_MS = 60_000;

export interface ApiTokensDeps {
  db: Db;
  /** The owner as a session carries them (username, roles); null when missing or blocked. */
  sessionClaims(userId: number): Promise<AccessClaims | null>;
  now?: () => number;
}

/**
 * Personal API tokens (docs/api-tokens.md). The secret is `nexo_pat_` + 32 random bytes
 * (base64url), shown once and stored as its SHA-256, like refresh tokens. `verify` looks the token
 * up on every call, so revoking one, blocking its owner or changing their password (which revokes
 * every token) takes effect at once on every instance.
 */
export function createApiTokens(deps: ApiTokensDeps) {
  const repo = createApiTokensRepository(deps.db);
  const now = deps.now ?? Date.now;

  const view = (row: NonNullable<Awaited<ReturnType<typeof repo.byId>>>): TokenApi => ({
    id: row.id,
    nombre: row.nombre,
    alcances: row.alcances
      .split(',')
      .filter((a): a is AlcanceTokenApi => (alcancesTokenApi as readonly string[]).includes(a)),
    inicio: `${prefijoTokenApi}${row.inicio}`,
    creado: row.created_at,
    vence: row.expires_at,
    ultimoUso: row.last_used_at,
    ultimaIp: row.last_ip,
  });

  const check: ApiTokenCheck = {
    async verify(secret, ip) {
      const row = await repo.byHash(sha256(secret));
      const t = now();
      if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= t)) return null;
      const claims = await deps.sessionClaims(row.user_id);
      if (!claims) return null;
      if (row.last_used_at === null || t - row.last_used_at >= USE_WRITE_INTERVAL_MS || row.last_ip !== ip) {
        await repo.recordUse(row.id, t, ip);
      }
      return { id: row.id, claims, alcances: view(row).alcances };
    },
  };

  return {
    check,

    async list(userId: number): Promise<TokenApi[]> {
      return (await repo.activeOf(userId)).map(view);
    },

    /** Creates a token and answers its secret, the only time it is shown. */
    async create(userId: number, input: CrearTokenApiData): Promise<{ tokenApi: TokenApi; token: string }> {
      const t = now();
      const active = (await repo.activeOf(userId)).filter((r) => r.expires_at === null || r.expires_at > t);
      if (active.length >= maxTokensApi) throw conflict(mensajes.tokenApiLimite(maxTokensApi));
      const secret = randomBytes(32).toString('base64url');
      const token = `${prefijoTokenApi}${secret}`;
      const alcances = alcancesTokenApi.filter((a) => input.alcances.includes(a));
      const id = await repo.insert({
        user_id: userId,
        nombre: input.nombre,
        token_hash: sha256(token),
        inicio: secret.slice(0, 4),
        alcances: alcances.join(','),
        created_at: t,
        expires_at: input.diasVigencia === null ? null : t + input.diasVigencia * 86_400_000,
        last_used_at: null,
        last_ip: null,
        revoked_at: null,
      });
      const row = await repo.byId(id);
      if (!row) throw notFound(mensajes.tokenApiNoEncontrado);
      return { tokenApi: view(row), token };
    },

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await repo.revoke(userId, id, now()))) throw notFound(mensajes.tokenApiNoEncontrado);
    },

    /** Every token of the user stops working (blocking, password change or reset). */
    async revokeAllForUser(userId: number): Promise<void> {
      await repo.revokeAll(userId, now());
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
