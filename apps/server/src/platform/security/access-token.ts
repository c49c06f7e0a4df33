import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionRevocations } from './revocations.js';

export interface AccessClaims {
  userId: number;
  username: string;
  roles: string[];
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresAt: number; issuedAt: number }
  | { ok: false; expired: boolean; revoked?: boolean };

/**
 * Short-lived HS256 access tokens, shared by HTTP (Bearer header) and STOMP (CONNECT header).
 * With the revocation set, a token issued before its user's sessions were ended (blocked account,
 * password change) is refused from then on; the check is a lookup in memory. Each token carries
 * its issue time in milliseconds (`iat_ms`), so a token issued right after a revocation is told
 * apart from one issued right before it.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly revocations?: Pick<SessionRevocations, 'isRevoked' | 'notBefore'>,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.max(Date.now(), this.revocations?.notBefore(claims.userId) ?? 0);
    return new SignJWT({ username: claims.username, roles: claims.roles, iat_ms: issuedAt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId)) return { ok: false, expired: false };
      const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      if (this.revocations?.isRevoked(userId, issuedAt)) return { ok: false, expired: false, revoked: true };
      return {
        ok: true,
        claims: {
          userId,
          username: String(payload.username ?? ''),
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        },
        expiresAt: (payload.exp ?? 0) * 1000,
        issuedAt,
      };
    } catch (error) {
      return { ok: false, expired: error instanceof errors.JWTExpired };
    }
  }
}

/** Extracts the token of an `Authorization: Bearer …` header value. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
