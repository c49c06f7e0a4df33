import { codigosError, type ErrorItem, mensajes, sesionWeb, type TokenResponse } from '@nexo/contracts';
import { ApiError } from './ApiError';
import { sessionStore } from './sessionStore';

export { ApiError, isApiError } from './ApiError';

const BASE = '/sv';
const LOGIN_PATH = '/api/login';
const REFRESH_PATH = '/oauth/access_token';
const LOGOUT_PATH = '/oauth/logout';
/** Every call says it is the web app: token answers then put the refresh token in the cookie. */
const WEB_SESSION = { [sesionWeb.cabecera]: sesionWeb.valor };

interface RequestOptions {
  signal?: AbortSignal;
  /** Send the bearer token (default true). Public endpoints work either way. */
  auth?: boolean;
}

type Envelope = { status?: unknown; codigo?: unknown; mensaje?: unknown; errores?: unknown };

let sessionExpiredHandler: () => void = () => {};

/** Called once when a refresh fails and the session is dropped (the router sends the user to /login). */
export function onSessionExpired(handler: () => void) {
  sessionExpiredHandler = handler;
}

/** How a refresh ended: renewed, refused by the server (the session is over), or no answer. */
type RefreshOutcome = 'renovada' | 'rechazada' | 'sinConexion';

// The one refresh in flight; every call that gets a 401 meanwhile waits for it (spec 1 §7).
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Tabs share one refresh cookie, and each refresh rotates it: tabs take turns (a Web Lock across
 * the browser's tabs of this origin), so each presents the cookie the previous one left. Where Web
 * Locks do not exist (plain-HTTP pages outside localhost), the server's short grace answers two
 * racing refreshes with the same successor.
 */
function inRefreshTurn<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('nexo.refresh', work) : work();
}

async function refreshAccessToken(waitTurn: boolean): Promise<RefreshOutcome> {
  const asked = sessionStore.get();
  if (!asked) return 'rechazada';
  const refresh = async (): Promise<RefreshOutcome> => {
    // While this tab waited its turn, another may have logged out, or renewed the token and told it.
    const now = sessionStore.get();
    if (!now) return 'rechazada';
    if (now.access_token && now.access_token !== asked.access_token) return 'renovada';
    let response: Response;
    try {
      response = await fetch(`${BASE}${REFRESH_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...WEB_SESSION },
        body: JSON.stringify({ grant_type: 'refresh_token' }),
      });
    } catch {
      return 'sinConexion';
    }
    if (response.status >= 500) return 'sinConexion';
    if (!response.ok) return 'rechazada';
    try {
      const body = (await response.json()) as TokenResponse;
      if (body.status !== 1 || !body.access_token) return 'rechazada';
      if (sessionStore.get()) sessionStore.saveTokens(body);
      return 'renovada';
    } catch {
      return 'sinConexion';
    }
  };
  return waitTurn ? inRefreshTurn(refresh) : refresh();
}

/**
 * The one refresh of this tab in flight. `waitTurn: false` (the restore at boot) sends it at once,
 * without the Web Lock's task: tabs loaded together then present the same cookie, and the server's
 * grace answers them all with its one successor.
 */
function refreshOnce(options: { waitTurn?: boolean } = {}): Promise<RefreshOutcome> {
  if (!refreshInFlight) {
    refreshInFlight = refreshAccessToken(options.waitTurn ?? true).finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** Resolves once this tab's refresh in flight, if any, has answered (and set its cookie). */
export async function settleRefresh(): Promise<void> {
  await refreshInFlight;
}

const offline = () =>
  new ApiError({ codigo: codigosError.noControlado, mensaje: mensajes.sinConexionServidor, status: 0 });

/** The session could not be renewed: forget it here and let the router go to /login. */
function sessionEnded(): ApiError {
  if (sessionStore.get()) {
    sessionStore.clear();
    sessionExpiredHandler();
  }
  return new ApiError({ codigo: codigosError.sesionExpirada, mensaje: mensajes.sesionExpirada, status: 401 });
}

/** Renews the access token; throws when the session is over (dropping it) or the server is unreachable. */
async function renew(options: { waitTurn?: boolean } = {}): Promise<void> {
  const outcome = await refreshOnce(options);
  if (outcome === 'rechazada') throw sessionEnded();
  if (outcome === 'sinConexion') throw offline();
}

/**
 * Restores a session known from an earlier page load: one silent refresh with the cookie. Called
 * as early as possible (main.tsx, before the app renders), so the first calls and the STOMP
 * CONNECT wait on this one request instead of starting it. A refused refresh drops the session;
 * an unreachable server leaves it to be restored by the next call.
 */
export function restoreSession(): Promise<void> {
  const session = sessionStore.get();
  if (!session || session.access_token) return Promise.resolve();
  return renew({ waitTurn: false });
}

/**
 * A usable access token for callers outside `api` (STOMP CONNECT, file downloads): restored or
 * renewed first when missing, about to expire, or refused (`renew`); null without a session or
 * without an answer from the server.
 */
export async function currentAccessToken(options: { renew?: boolean } = {}): Promise<string | null> {
  const session = sessionStore.get();
  if (!session) return null;
  if (options.renew || !session.access_token || session.expiresAt <= Date.now() + 5_000) {
    try {
      await renew();
    } catch {
      return null;
    }
  }
  return sessionStore.get()?.access_token || null;
}

function isSessionlessPath(path: string) {
  return path.startsWith(LOGIN_PATH) || path.startsWith(REFRESH_PATH) || path.startsWith(LOGOUT_PATH);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asEnvelope(body: unknown): Envelope | null {
  return body !== null && typeof body === 'object' ? (body as Envelope) : null;
}

/**
 * A refused login reads "Usuario y contraseña incorrectos", except the refusals that tell the
 * right password's owner what to do: a blocked account, an account not yet activated.
 */
const LOGIN_403_TEXTS = new Set<string>([mensajes.usuarioBloqueado, mensajes.cuentaNoActivada]);

function errorFromResponse(path: string, response: Response, body: unknown): ApiError {
  const envelope = asEnvelope(body);
  if (
    response.status === 403 &&
    path.startsWith(LOGIN_PATH) &&
    !(envelope && LOGIN_403_TEXTS.has(envelope.mensaje as string))
  ) {
    return new ApiError({ codigo: 403, mensaje: mensajes.usuarioYContrasenaIncorrectos, status: 403 });
  }
  if (envelope && typeof envelope.mensaje === 'string' && envelope.mensaje) {
    return new ApiError({
      codigo:
        typeof envelope.codigo === 'string' || typeof envelope.codigo === 'number'
          ? envelope.codigo
          : response.status,
      mensaje: envelope.mensaje,
      status: response.status,
      errores: Array.isArray(envelope.errores) ? (envelope.errores as ErrorItem[]) : [],
    });
  }
  return new ApiError({
    codigo: response.status,
    mensaje: `${response.status} ${response.statusText}`.trim(),
    status: response.status,
  });
}

async function send(method: string, path: string, body: unknown, options: RequestOptions) {
  const headers: Record<string, string> = { Accept: 'application/json', ...WEB_SESSION };
  // A file (firmware upload) goes as it is, streamed by the browser; anything else as JSON.
  const binary = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = binary ? 'application/octet-stream' : 'application/json';
  // A session being restored after a reload: wait for its one refresh rather than send a 401 first.
  if (options.auth !== false && sessionStore.get()?.access_token === '' && !isSessionlessPath(path))
    await restoreSession();
  const accessToken = options.auth === false ? undefined : sessionStore.get()?.access_token || undefined;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = binary ? body : JSON.stringify(body);
  if (options.signal) init.signal = options.signal;
  try {
    return { response: await fetch(`${BASE}${path}`, init), accessToken };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw offline();
  }
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let { response, accessToken } = await send(method, path, body, options);

  if (response.status === 401 && !isSessionlessPath(path) && sessionStore.get()) {
    // A call that used an already-replaced token just retries; otherwise it joins (or starts) the refresh.
    const current = sessionStore.get()?.access_token;
    if (!current || current === accessToken) await renew();
    ({ response, accessToken } = await send(method, path, body, options));
  }

  const parsed = await parseBody(response);
  if (!response.ok) throw errorFromResponse(path, response, parsed);
  const envelope = asEnvelope(parsed);
  if (envelope && envelope.status === 2) {
    throw new ApiError({
      codigo:
        typeof envelope.codigo === 'string' || typeof envelope.codigo === 'number'
          ? envelope.codigo
          : codigosError.generico,
      mensaje: typeof envelope.mensaje === 'string' ? envelope.mensaje : mensajes.errorGenerico,
      status: response.status,
      errores: Array.isArray(envelope.errores) ? (envelope.errores as ErrorItem[]) : [],
    });
  }
  return parsed as T;
}

/** The only way the web talks to the server: paths are relative to /sv, e.g. api.get('/api/equipo/pu'). */
export const api = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('GET', path, undefined, options);
  },
  post<T>(path: string, body: unknown = {}, options?: RequestOptions): Promise<T> {
    return request<T>('POST', path, body, options);
  },
  put<T>(path: string, body: unknown = {}, options?: RequestOptions): Promise<T> {
    return request<T>('PUT', path, body, options);
  },
  /** POSTs a file as the raw body (application/octet-stream); its data goes in the path's query. */
  upload<T>(path: string, file: Blob, options?: RequestOptions): Promise<T> {
    return request<T>('POST', path, file, options);
  },
  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('DELETE', path, undefined, options);
  },
};

/** The text to show for any error thrown by a call (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.mensaje;
  return mensajes.errorGenerico;
}
