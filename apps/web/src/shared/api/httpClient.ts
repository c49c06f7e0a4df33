import { codigosError, type ErrorItem, mensajes, type TokenResponse } from '@nexo/contracts';
import { ApiError } from './ApiError';
import { sessionStore } from './sessionStore';

export { ApiError, isApiError } from './ApiError';

const BASE = '/sv';
const LOGIN_PATH = '/api/login';
const REFRESH_PATH = '/oauth/access_token';

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

// The one refresh in flight; every call that gets a 401 meanwhile waits for it (spec 1 §7).
let refreshInFlight: Promise<boolean> | null = null;

async function refreshAccessToken(): Promise<boolean> {
  const session = sessionStore.get();
  if (!session) return false;
  try {
    const response = await fetch(`${BASE}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: session.refresh_token }),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as TokenResponse;
    if (body.status !== 1 || !body.access_token) return false;
    sessionStore.saveTokens(body);
    return true;
  } catch {
    return false;
  }
}

function refreshOnce(): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = refreshAccessToken().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function isSessionlessPath(path: string) {
  return path.startsWith(LOGIN_PATH) || path.startsWith(REFRESH_PATH);
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

function errorFromResponse(path: string, response: Response, body: unknown): ApiError {
  const envelope = asEnvelope(body);
  if (response.status === 403 && path.startsWith(LOGIN_PATH)) {
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
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const accessToken = options.auth === false ? undefined : sessionStore.get()?.access_token;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (options.signal) init.signal = options.signal;
  try {
    return { response: await fetch(`${BASE}${path}`, init), accessToken };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      codigo: codigosError.noControlado,
      mensaje: mensajes.sinConexionServidor,
      status: 0,
    });
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
    const refreshed = current !== undefined && current !== accessToken ? true : await refreshOnce();
    if (!refreshed) {
      if (sessionStore.get()) {
        sessionStore.clear();
        sessionExpiredHandler();
      }
      throw new ApiError({
        codigo: codigosError.sesionExpirada,
        mensaje: mensajes.sesionExpirada,
        status: 401,
      });
    }
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
  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('DELETE', path, undefined, options);
  },
};

/** The text to show for any error thrown by a call (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.mensaje;
  return mensajes.errorGenerico;
}
