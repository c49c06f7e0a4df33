import type { TokenResponse, UsuarioSesion } from '@nexo/contracts';

/** What survives a reload: the tokens and the last known session user. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  /** Epoch ms when the access token expires (informative; the server's 401 is what counts). */
  expiresAt: number;
  usuario: UsuarioSesion;
}

export const SESSION_STORAGE_KEY = 'nexo.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: StoredSession | null | undefined;

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (!parsed.access_token || !parsed.refresh_token || !parsed.usuario) return null;
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

function write(next: StoredSession | null) {
  cached = next;
  if (next) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
  for (const listener of listeners) listener();
}

/** The single holder of the login session; React reads it through useSession(). */
export const sessionStore = {
  get(): StoredSession | null {
    if (cached === undefined) cached = read();
    return cached;
  },
  saveTokens(response: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in' | 'usuario'>) {
    write({
      access_token: response.access_token,
      refresh_token: response.refresh_token,
      expiresAt: Date.now() + response.expires_in * 1000,
      usuario: response.usuario,
    });
  },
  /** After a password change the server keeps this session under a new refresh token. */
  replaceRefreshToken(refresh_token: string) {
    const current = sessionStore.get();
    if (current) write({ ...current, refresh_token });
  },
  /** Changes only the user: the tokens are the stored ones, never an older copy held in memory. */
  updateUsuario(usuario: UsuarioSesion) {
    const current = read() ?? sessionStore.get();
    if (current) write({ ...current, usuario });
  },
  clear() {
    write(null);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logging in or out changes localStorage; keep this tab in step.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    cached = read();
    for (const listener of listeners) listener();
  });
}
