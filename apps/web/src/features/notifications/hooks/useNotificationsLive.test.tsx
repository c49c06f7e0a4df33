import { type RealtimeEventMap, topics, type UsuarioSesion } from '@nexo/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/api/session';

const subscribed: { destination: string | null; listener: (event: RealtimeEventMap['usuario']) => void }[] =
  [];
const confirmed: (() => void)[] = [];
vi.mock('../../../shared/realtime/useRealtime', () => ({
  useRealtimeSubscribed: (_destination: string | null, listener: () => void) => {
    confirmed.push(listener);
  },
  useRealtimeTopic: (destination: string | null, listener: (event: RealtimeEventMap['usuario']) => void) => {
    subscribed.push({ destination, listener });
  },
}));

const { useNotificationsLive } = await import('./useNotificationsLive');

describe('useNotificationsLive', () => {
  afterEach(() => {
    sessionStore.clear();
    subscribed.length = 0;
    confirmed.length = 0;
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

  it.each([
    ['a live notification, before the first answer', false, 'live'],
    ['a live notification, with a list already cached', true, 'live'],
    ['the topic confirmed, before the first answer', false, 'confirmed'],
  ])('asks the list again when %s meets an older fetch on its way', async (_, cached, trigger) => {
    const usuario = { id: 8, username: 'bea', roles: [], token: null } as unknown as UsuarioSesion;
    sessionStore.saveTokens({ access_token: 'a', expires_in: 900, usuario });
    const alerta = { id: 4, titulo: 'Vinculada', fecha: 1, leida: false, origen: { id: 1 }, idRef: null };
    // The server's list: the first fetch left before the notification existed and answers late.
    let release: () => void = () => {};
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const queryFn = async () => {
      calls += 1;
      if (calls === 1) {
        await late;
        return { notificaciones: [], sinLeer: 0 };
      }
      return { notificaciones: [alerta], sinLeer: 1 };
    };
    const queryClient = new QueryClient();
    if (cached) queryClient.setQueryData(['notificaciones'], { notificaciones: [], sinLeer: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useNotificationsLive();
        return useQuery({ queryKey: ['notificaciones'], queryFn });
      },
      { wrapper },
    );
    await waitFor(() => expect(calls).toBe(1));
    act(() => {
      if (trigger === 'live') subscribed.at(-1)?.listener({ tipo: 'notificacion', ...alerta });
      else confirmed.at(-1)?.();
    });
    release();
    await waitFor(() => expect(result.current.data).toEqual({ notificaciones: [alerta], sinLeer: 1 }));
    // The late answer does not replace the newer one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data).toEqual({ notificaciones: [alerta], sinLeer: 1 });
    expect(calls).toBe(2);
  });
});
