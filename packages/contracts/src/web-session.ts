// Without zod: the web app's entry (httpClient) imports it, and /login must not download the
// validation library.

/**
 * The web app's session (ASVS V3.4): its refresh token lives only in an HttpOnly; Secure;
 * SameSite=Strict cookie scoped to the refresh path, its access token only in memory. A request
 * that sends the header `cabecera: valor` gets the refresh token as that cookie and not in the
 * body; the refresh grant and `/sv/oauth/logout` then read it from the cookie. Other clients keep
 * `refresh_token` in the body as before.
 */
export const sesionWeb = {
  cabecera: 'x-nexo-sesion',
  valor: 'cookie',
  cookie: 'nexo_refresh',
  ruta: '/sv/oauth',
} as const;
