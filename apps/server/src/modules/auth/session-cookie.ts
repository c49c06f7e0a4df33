import { sesionWeb, type TokenResponse } from '@nexo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The web app's refresh token as a cookie: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's request carries it), Path=/sv/oauth (only the refresh grant and logout receive it)
 * and Secure. Browsers drop a Secure cookie set over plain HTTP except on localhost, so outside
 * production a plain-HTTP request to another host (`npm start` opened from the LAN) gets it
 * without Secure; production always sets it and must be served over HTTPS.
 */
export function createSessionCookies(options: { production: boolean; maxAgeSeconds: number }) {
  const secure = (request: FastifyRequest) =>
    options.production || request.protocol === 'https' || LOOPBACK_HOSTS.has(request.hostname);
  const attributes = (request: FastifyRequest, maxAge: number) =>
    [
      `Path=${sesionWeb.ruta}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure(request) ? ['Secure'] : []),
    ].join('; ');

  return {
    /** The web app asked for its session in the cookie. */
    wanted(request: FastifyRequest): boolean {
      return request.headers[sesionWeb.cabecera] === sesionWeb.valor;
    },

    /** The refresh token of the cookie, only for a web request (the custom header: no form can send it). */
    read(request: FastifyRequest): string | undefined {
      if (!this.wanted(request)) return undefined;
      for (const part of (request.headers.cookie ?? '').split(';')) {
        const [name, ...value] = part.trim().split('=');
        if (name === sesionWeb.cookie) return decodeURIComponent(value.join('=')) || undefined;
      }
      return undefined;
    },

    clear(request: FastifyRequest, reply: FastifyReply): void {
      reply.header('set-cookie', `${sesionWeb.cookie}=; ${attributes(request, 0)}`);
    },

    /**
     * A token answer as the caller asked for it: for the web app the refresh token goes into the
     * cookie and out of the body; other clients get the body unchanged.
     */
    answer<T extends Pick<TokenResponse, 'refresh_token'>>(
      request: FastifyRequest,
      reply: FastifyReply,
      session: T,
    ): T {
      if (!this.wanted(request) || !session.refresh_token) return session;
      const { refresh_token, ...rest } = session;
      reply.header(
        'set-cookie',
        `${sesionWeb.cookie}=${encodeURIComponent(refresh_token)}; ${attributes(request, options.maxAgeSeconds)}`,
      );
      return rest as T;
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
