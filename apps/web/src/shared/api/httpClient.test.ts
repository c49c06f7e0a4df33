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

function login(accessToken = 'old-access') {
  sessionStore.saveTokens({ access_token: accessToken, expires_in: 900, usuario });
}

const tokenAnswer = (access_token: string) =>
  json(200, { status: 1, access_token, token_type: 'Bearer', expires_in: 900, usuario });

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

  it('tells a blocked user with the right password that the account is blocked', async () => {
    fakeFetch(() => json(403, { status: 2, codigo: 403, mensaje: mensajes.usuarioBloqueado }, 'Forbidden'));
    await expect(
      api.post('/api/login', { username: 'a', password: 'b', captcha: 'c' }),
    ).rejects.toMatchObject({ codigo: 403, mensaje: 'Su usuario está bloqueado. Comuníquese con soporte.' });
  });

  it('does not try to refresh when the login itself answers 401', async () => {
    login();
    const calls = fakeFetch(() => json(401, { status: 2, codigo: 4, mensaje: 'no' }));
    await expect(api.post('/api/login', {})).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((call) => call.url.includes('/oauth/access_token'))).toHaveLength(0);
  });

  it('refreshes once (with the cookie) for three parallel 401s and retries all of them with the new token', async () => {
    login('old-access');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = fakeFetch(async (url, init) => {
      if (url === '/sv/oauth/access_token') {
        await refreshGate;
        return tokenAnswer('new-access');
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
    // The refresh token is the HttpOnly cookie the browser sends; the app never holds it.
    expect(JSON.parse(String(refreshCalls[0]?.init.body))).toEqual({ grant_type: 'refresh_token' });
    expect(refreshCalls[0]?.init.credentials).toBe('same-origin');
    expect(refreshCalls[0]?.init.headers).toMatchObject({ 'x-nexo-sesion': 'cookie' });
    expect(sessionStore.get()).toMatchObject({ access_token: 'new-access' });
    // Only the user is written down for the next page load, never a token.
    expect(JSON.parse(localStorage.getItem('nexo.session') ?? '{}')).toEqual({ usuario });
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

  it('keeps the session when the server cannot be reached during a refresh', async () => {
    login();
    const expired = vi.fn();
    onSessionExpired(expired);
    fakeFetch((url) => {
      if (url === '/sv/oauth/access_token') throw new TypeError('Failed to fetch');
      return json(401, { status: 2, codigo: 4, mensaje: mensajes.sesionExpirada });
    });
    await expect(api.get('/api/a')).rejects.toMatchObject({ mensaje: mensajes.sinConexionServidor });
    expect(sessionStore.get()).not.toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });

  it('takes its turn with the other tabs: the refresh runs inside a Web Lock', async () => {
    login();
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, work: () => Promise<unknown>) => {
          held.push(name);
          return work();
        },
      },
    });
    fakeFetch((url, init) => {
      if (url === '/sv/oauth/access_token') return tokenAnswer('new-access');
      return bearer(init) === 'Bearer new-access'
        ? json(200, { status: 1 })
        : json(401, { status: 2, codigo: 4, mensaje: mensajes.sesionExpirada });
    });
    await expect(api.get('/api/a')).resolves.toEqual({ status: 1 });
    expect(held).toEqual(['nexo.refresh']);
  });
});

describe('a reloaded page', () => {
  /** The modules as a fresh page load evaluates them, with what localStorage holds. */
  async function reload() {
    vi.resetModules();
    const client = await import('./httpClient');
    const { sessionStore: store } = await import('./sessionStore');
    return { ...client, store };
  }

  it('restores the session with one silent refresh that the first calls wait on', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    const { api: client, restoreSession, store } = await reload();
    expect(store.get()).toMatchObject({ access_token: '', usuario });
    let releaseRefresh: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = fakeFetch(async (url, init) => {
      if (url === '/sv/oauth/access_token') {
        await gate;
        return tokenAnswer('restored');
      }
      return json(bearer(init) === 'Bearer restored' ? 200 : 401, { status: 1 });
    });
    const boot = restoreSession();
    const first = client.get('/api/usuario/');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The call waits for the refresh started at boot: nothing went out without a token.
    expect(calls.map((call) => call.url)).toEqual(['/sv/oauth/access_token']);
    releaseRefresh();
    await boot;
    await expect(first).resolves.toEqual({ status: 1 });
    expect(calls.map((call) => [call.url, bearer(call.init) ?? null])).toEqual([
      ['/sv/oauth/access_token', null],
      ['/sv/api/usuario/', 'Bearer restored'],
    ]);
  });

  it('goes to the login when the cookie no longer opens a session', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    const { restoreSession, onSessionExpired: onExpired, store } = await reload();
    const expired = vi.fn();
    onExpired(expired);
    fakeFetch(() => json(401, { status: 2, codigo: 4, mensaje: mensajes.refreshInvalido }));
    await expect(restoreSession()).rejects.toMatchObject({ codigo: codigosError.sesionExpirada });
    expect(store.get()).toBeNull();
    expect(localStorage.getItem('nexo.session')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('without a stored session asks nothing', async () => {
    const { restoreSession, store } = await reload();
    const calls = fakeFetch(() => json(200, {}));
    await restoreSession();
    expect(store.get()).toBeNull();
    expect(calls).toEqual([]);
  });
});
