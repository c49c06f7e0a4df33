import { type Licencia, rolesUsuario, type UsuarioSesion } from '@nexo/contracts';
import { useSyncExternalStore } from 'react';
import { api, settleRefresh } from './httpClient';
import { sessionStore } from './sessionStore';

export { currentAccessToken, restoreSession } from './httpClient';
export { SESSION_STORAGE_KEY, type StoredSession, sessionStore } from './sessionStore';

/** The TanStack Query key of the session user (GET /api/usuario/), which the layout keeps fresh. */
export const sessionUserKey = ['usuario'] as const;

export function isAdmin(usuario: Pick<UsuarioSesion, 'roles'> | null | undefined): boolean {
  return usuario?.roles.includes(rolesUsuario.admin) ?? false;
}

/** Where a user goes right after logging in (spec 1 §2). */
export function landingPathFor(usuario: Pick<UsuarioSesion, 'roles'> | null | undefined): string {
  return isAdmin(usuario) ? '/admin/equipos' : '/home/misEquipos';
}

/**
 * Reads the session user again (licence counters, roles, Telegram link, logo) and keeps the stored
 * copy current. Used by the layout on load and by the live hooks when the server says it changed.
 */
export async function reloadSessionUser(): Promise<UsuarioSesion | null> {
  const answer = await api.get<{ usuario?: UsuarioSesion }>('/api/usuario/');
  if (answer.usuario) sessionStore.updateUsuario(answer.usuario);
  return answer.usuario ?? null;
}

/**
 * Revokes the session of the refresh cookie and clears the cookie (best effort), then forgets the
 * session here and in the other tabs.
 */
export async function logout(): Promise<void> {
  if (sessionStore.get()) {
    // A page opened at /logout restores its session first: the logout waits for that refresh, or
    // the refresh's answer would set the rotated cookie again after the logout cleared it.
    await settleRefresh();
    try {
      await api.post('/oauth/logout', {}, { auth: false });
    } catch {
      // The local session is dropped anyway; a refresh token the server still holds expires on its own.
    }
  }
  sessionStore.clear();
}

export interface SessionState {
  isAuthenticated: boolean;
  usuario: UsuarioSesion | null;
  /** The active licence token, or null when the user has no subscription. */
  token: Licencia | null;
  roles: string[];
  isAdmin: boolean;
  hasRole: (role: string) => boolean;
  logout: () => Promise<void>;
}

/** The session's user, the part of the session the screens draw from (null: no session). */
const currentUsuario = () => sessionStore.get()?.usuario ?? null;

/**
 * The session as the screens see it. It follows the user only: a renewed access token (the silent
 * refresh on load, then one every few minutes) re-renders nothing, and neither does a fresh copy of
 * an unchanged user (sessionStore keeps the object it had).
 */
export function useSession(): SessionState {
  const usuario = useSyncExternalStore(sessionStore.subscribe, currentUsuario, currentUsuario);
  const roles = usuario?.roles ?? [];
  return {
    isAuthenticated: usuario !== null,
    usuario,
    token: usuario?.token ?? null,
    roles,
    isAdmin: isAdmin(usuario),
    hasRole: (role) => roles.includes(role),
    logout,
  };
}
