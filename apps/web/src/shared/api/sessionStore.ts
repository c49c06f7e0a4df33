import type { TokenResponse, UsuarioSesion } from '@nexo/contracts';

/**
 * This tab's login session. The access token lives in memory only; the refresh token is an
 * HttpOnly cookie the browser keeps and sends to /sv/oauth (no script, ours included, can read it).
 * After a reload the session is restored by a silent refresh (httpClient); until it answers,
 * `access_token` is empty and calls wait for it.
 */
export interface StoredSession {
  /** Empty while the session is being restored. */
  access_token: string;
  /** Epoch ms when the access token expires (informative; the server's 401 is what counts). */
  expiresAt: number;
  usuario: UsuarioSesion;
}

/**
 * What localStorage keeps: only that this browser has a session and its last known user, so a
 * reload draws the app at once and knows to restore it. No token is ever written there.
 */
export const SESSION_STORAGE_KEY = 'nexo.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null = null;

function readHint(): UsuarioSesion | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { usuario?: UsuarioSesion };
    return parsed.usuario ?? null;
  } catch {
    return null;
  }
}

function writeHint(usuario: UsuarioSesion | null) {
  try {
    if (usuario) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ usuario }));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session still works until the tab closes.
  }
}

/**
 * The user `next` brings, as the object already held when nothing in it changed: screens follow
 * the user (useSession), and a refresh or a reload that brings the same user re-renders none.
 */
function sameUsuario(next: StoredSession | null): StoredSession | null {
  const held = current?.usuario;
  if (!next || !held || next.usuario === held) return next;
  return JSON.stringify(next.usuario) === JSON.stringify(held) ? { ...next, usuario: held } : next;
}

function set(next: StoredSession | null) {
  current = sameUsuario(next);
  for (const listener of listeners) listener();
}

/** A session known from the hint, without its access token yet (restored on first use). */
function fromHint(): StoredSession | null {
  const usuario = readHint();
  return usuario ? { access_token: '', expiresAt: 0, usuario } : null;
}

current = typeof window === 'undefined' ? null : fromHint();

/**
 * The tabs of this browser tell each other each new access token (never stored; a message between
 * the open tabs), so tabs loaded or renewed together need one refresh between them, not one each.
 */
interface TokenMessage {
  tab: string;
  session: StoredSession;
}
const tabId = Math.random().toString(36).slice(2);
const tabs =
  typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined'
    ? new BroadcastChannel('nexo.sesion')
    : null;
(tabs as { unref?: () => void } | null)?.unref?.();

/** The single holder of the login session; React reads it through useSession(). */
export const sessionStore = {
  get(): StoredSession | null {
    return current;
  },
  saveTokens(response: Pick<TokenResponse, 'access_token' | 'expires_in' | 'usuario'>) {
    writeHint(response.usuario);
    const session = {
      access_token: response.access_token,
      expiresAt: Date.now() + response.expires_in * 1000,
      usuario: response.usuario,
    };
    set(session);
    tabs?.postMessage({ tab: tabId, session } satisfies TokenMessage);
  },
  /** Changes only the user (the layout's fresh copy); the token stays. */
  updateUsuario(usuario: UsuarioSesion) {
    if (!current) return;
    writeHint(usuario);
    set({ ...current, usuario });
  },
  clear() {
    writeHint(null);
    set(null);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// A token another tab just received: this tab takes it when it has none, an older one, or another
// user's (the shared cookie belongs to whoever logged in last).
tabs?.addEventListener('message', (event: MessageEvent<TokenMessage>) => {
  const message = event.data;
  if (!message || message.tab === tabId || !message.session?.access_token) return;
  const known = current;
  const newer =
    !known?.access_token ||
    known.usuario.id !== message.session.usuario.id ||
    message.session.expiresAt > known.expiresAt;
  if (newer) set(message.session);
});

/**
 * Another tab logging in or out changes the hint; keep this tab in step. A login elsewhere gives
 * this tab a session to restore (the cookie is shared); a logout elsewhere ends it here too.
 */
function followOtherTabs(event: Pick<StorageEvent, 'key' | 'newValue'>) {
  if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
  const hint = readHint();
  if (!hint) {
    if (current) set(null);
  } else if (!current) {
    set(fromHint());
  } else if (event.newValue !== null) {
    set({ ...current, usuario: hint });
  }
}

// Listened to from the task after the page's first one: in Chromium a page's first 'storage'
// listener costs a synchronous call to the browser process (0.2–5.5 ms measured, more while the page
// loads), which fell in the entry's long task. A login or logout in another tab in between is caught
// by looking at the hint once then.
if (typeof window !== 'undefined') {
  setTimeout(() => {
    window.addEventListener('storage', followOtherTabs);
    followOtherTabs({ key: SESSION_STORAGE_KEY, newValue: null });
  });
}
