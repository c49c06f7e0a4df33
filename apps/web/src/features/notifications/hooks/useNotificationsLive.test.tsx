import { type RealtimeEventMap, topics, type UsuarioSesion } from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/api/session';

const subscribed: { destination: string | null; listener: (event: RealtimeEventMap['usuario']) => void }[] =
  [];
vi.mock('../../../shared/realtime/useRealtime', () => ({
  useRealtimeSubscribed: () => {},
  useRealtimeTopic: (destination: string | null, listener: (event: RealtimeEventMap['usuario']) => void) => {
    subscribed.push({ destination, listener });
  },
}));

const { useNotificationsLive } = await import('./useNotificationsLive');

describe('useNotificationsLive', () => {
  afterEach(() => {
    sessionStore.clear();
    subscribed.length = 0;
  });

  it("puts a notification that arrives on the user's topic at the top of the cached list, counted unread", () => {
    const usuario = { id: 7, username: 'ana', roles: [], token: null } as unknown as UsuarioSesion;
    sessionStore.saveTokens({ access_token: 'a', expires_in: 900, usuario });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['notificaciones'], { notificaciones: [], sinLeer: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useNotificationsLive(), { wrapper });
    const last = subscribed.at(-1);
    expect(last?.destination).toBe(topics.usuario(7));
    last?.listener({ tipo: 'token.actualizado' });
    expect(queryClient.getQueryData(['notificaciones'])).toEqual({ notificaciones: [], sinLeer: 0 });
    const alerta = { id: 3, titulo: 'Alerta', fecha: 1, leida: false, origen: { id: 1 }, idRef: null };
    last?.listener({ tipo: 'notificacion', ...alerta });
    last?.listener({ tipo: 'notificacion', ...alerta });
    expect(queryClient.getQueryData(['notificaciones'])).toEqual({ notificaciones: [alerta], sinLeer: 1 });
  });
});
