import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  username: string;
  roles: string[];
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresAt: number }
  | { ok: false; expired: boolean };

/** Short-lived HS256 access tokens, shared by HTTP (Bearer header) and STOMP (CONNECT header). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ username: claims.username, roles: claims.roles })
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
      return {
        ok: true,
        claims: {
          userId,
          username: String(payload.username ?? ''),
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        },
        expiresAt: (payload.exp ?? 0) * 1000,
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
