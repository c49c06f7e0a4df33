import { codigosError, mensajes, type UsuarioSesion } from '@nexo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, onSessionExpired } from './httpClient';
import { sessionStore } from './sessionStore';

const usuario = { id: 1, username: 'ana', roles: [] } as unknown as UsuarioSesion;

function json(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function login(accessToken = 'old-access', refreshToken = 'refresh-1') {
  sessionStore.saveTokens({
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: 900,
    usuario,
  });
}

type FakeHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: FakeHandler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  localStorage.clear();
  sessionStore.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  onSessionExpired(() => {});
});

describe('httpClient', () => {
  it('sends JSON to /sv with the stored bearer token and returns the parsed body', async () => {
    login('token-a');
    const calls = fakeFetch(() => json(200, { status: 1, equipos: [] }));
    await expect(api.post('/api/equipo/grabar', { nombre: 'x' })).resolves.toEqual({
      status: 1,
      equipos: [],
    });
    expect(calls[0]?.url).toBe('/sv/api/equipo/grabar');
    expect(bearer(calls[0]!.init)).toBe('Bearer token-a');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ nombre: 'x' }));
  });

  it('turns an unreachable server into code 3 with the catalogue text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/api/equipo/pu').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      codigo: codigosError.noControlado,
      mensaje: mensajes.sinConexionServidor,
      status: 0,
    });
  });

  it('keeps the server envelope of an HTTP error', async () => {
    fakeFetch(() =>
      json(
        400,
        { status: 2, codigo: 'LINK_VENCIDO', mensaje: mensajes.linkVencido, errores: [] },
        'Bad Request',
      ),
    );
    await expect(api.post('/usuario/activarCuenta', { codigoMail: 'x' })).rejects.toMatchObject({
      codigo: 'LINK_VENCIDO',
      mensaje: mensajes.linkVencido,
      status: 400,
    });
  });

  it('uses the HTTP status and status text when there is no envelope', async () => {
    fakeFetch(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({
      codigo: 502,
      mensaje: '502 Bad Gateway',
      status: 502,
    });
  });

  it('treats a 2xx answer with status 2 as an error', async () => {
    fakeFetch(() => json(200, { status: 2, codigo: 1, mensaje: 'No se pudo' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ codigo: 1, mensaje: 'No se pudo' });
  });

  it('shows "Usuario y contraseña incorrectos" for a 403 on login', async () => {
    fakeFetch(() => json(403, { status: 2, codigo: 403, mensaje: 'Prohibido' }, 'Forbidden'));
    await expect(
      api.post('/api/login', { username: 'a', password: 'b', captcha: 'c' }),
    ).rejects.toMatchObject({
      codigo: 403,
      mensaje: mensajes.usuarioYContrasenaIncorrectos,
    });
  });

  it('does not try to refresh when the login itself answers 401', async () => {
    login();
    const calls = fakeFetch(() => json(401, { status: 2, codigo: 4, mensaje: 'no' }));
    await expect(api.post('/api/login', {})).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((call) => call.url.includes('/oauth/access_token'))).toHaveLength(0);
  });

  it('refreshes once for three parallel 401s and retries all of them with the new token', async () => {
    login('old-access', 'refresh-1');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = fakeFetch(async (url, init) => {
      if (url === '/sv/oauth/access_token') {
        await refreshGate;
        return json(200, {
          status: 1,
          access_token: 'new-access',
          refresh_token: 'refresh-2',
          token_type: 'Bearer',
          expires_in: 900,
          usuario,
        });
      }
      return bearer(init) === 'Bearer new-access'
        ? json(200, { status: 1, url })
        : json(401, { status: 2, codigo: 4, mensaje: mensajes.sesionExpirada });
    });

    const pending = Promise.all([api.get('/api/a'), api.get('/api/b'), api.post('/api/c', { x: 1 })]);
    // Let all three 401s arrive while the refresh is still in flight.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/sv/oauth/access_token')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();
    const results = await pending;

    expect(results).toEqual([
      { status: 1, url: '/sv/api/a' },
      { status: 1, url: '/sv/api/b' },
      { status: 1, url: '/sv/api/c' },
    ]);
    const refreshCalls = calls.filter((call) => call.url === '/sv/oauth/access_token');
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]?.init.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    expect(sessionStore.get()).toMatchObject({ access_token: 'new-access', refresh_token: 'refresh-2' });
    const retried = calls.filter(
      (call) => call.url !== '/sv/oauth/access_token' && bearer(call.init) === 'Bearer new-access',
    );
    expect(retried).toHaveLength(3);
  });

  it('clears the session and reports expiry when the refresh fails', async () => {
    login();
    const expired = vi.fn();
    onSessionExpired(expired);
    const calls = fakeFetch((url) =>
      url === '/sv/oauth/access_token'
        ? json(401, { status: 2, codigo: 4, mensaje: mensajes.refreshInvalido })
        : json(401, { status: 2, codigo: 4, mensaje: mensajes.sesionExpirada }),
    );
    const results = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { codigo: codigosError.sesionExpirada } });
    expect(calls.filter((call) => call.url === '/sv/oauth/access_token')).toHaveLength(1);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('nexo.session')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
