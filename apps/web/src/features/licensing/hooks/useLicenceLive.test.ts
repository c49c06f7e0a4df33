import { type RealtimeEventMap, topics, type UsuarioSesion } from '@nexo/contracts';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/api/session';

const subscribed: { destination: string | null; listener: (event: RealtimeEventMap['usuario']) => void }[] =
  [];
const apiGet = vi.fn();
vi.mock('../../../shared/realtime/useRealtime', () => ({
  useRealtimeSubscribed: () => {},
  useRealtimeTopic: (destination: string | null, listener: (event: RealtimeEventMap['usuario']) => void) => {
    subscribed.push({ destination, listener });
  },
}));
vi.mock('../../../shared/api/httpClient', () => ({ api: { get: (path: string) => apiGet(path) } }));

const { useLicenceLive } = await import('./useLicenceLive');

const ana = { id: 7, username: 'ana', roles: [], token: null } as unknown as UsuarioSesion;

describe('useLicenceLive', () => {
  afterEach(() => {
    sessionStore.clear();
    subscribed.length = 0;
    apiGet.mockReset();
  });

  it("reloads the session user on the user's topic when the licence changes, and ignores other events", async () => {
    sessionStore.saveTokens({ access_token: 'a', expires_in: 900, usuario: ana });
    const renewed = { ...ana, nombre: 'Ana con licencia' };
    apiGet.mockResolvedValue({ status: 1, usuario: renewed });
    renderHook(() => useLicenceLive());
    const last = subscribed.at(-1);
    expect(last?.destination).toBe(topics.usuario(7));
    last?.listener({
      tipo: 'notificacion',
      id: 1,
      titulo: 'x',
      fecha: 1,
      leida: false,
      origen: { id: 1 },
      idRef: null,
    });
    expect(apiGet).not.toHaveBeenCalled();
    last?.listener({ tipo: 'token.actualizado' });
    expect(apiGet).toHaveBeenCalledWith('/api/usuario/');
    await waitFor(() => expect(sessionStore.get()?.usuario.nombre).toBe('Ana con licencia'));
  });

  it('listens to nothing without a session', () => {
    renderHook(() => useLicenceLive());
    expect(subscribed.at(-1)?.destination).toBeNull();
  });
});
