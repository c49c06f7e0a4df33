import { mensajes, type Notificacion, origenesNotificacion, type RealtimeEvent } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useNotificationsLive } from '../hooks/useNotificationsLive';
import { NotificationBell } from './NotificationBell';

const live = vi.hoisted(() => ({
  listener: null as ((event: RealtimeEvent) => void) | null,
  destination: '',
}));
vi.mock('../../../shared/realtime/useRealtime', () => ({
  useRealtimeSubscribed: () => {},
  useRealtimeTopic: (destination: string | null, listener: (event: RealtimeEvent) => void) => {
    live.destination = destination ?? '';
    live.listener = listener;
  },
}));
vi.mock('../../../shared/api/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: () => ({ isAuthenticated: true, usuario: { id: 7 } }),
}));

const hora = new Date(2026, 10, 23, 9, 5).getTime();
const notificacion = (id: number, origen: number, idRef: number | null, leida = false): Notificacion => ({
  id,
  titulo: `Notificación ${id}`,
  fecha: hora,
  leida,
  origen: { id: origen },
  idRef,
});

let stored: Notificacion[];
let marcarLlamadas: number;
let gruposCargados: number;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  marcarLlamadas = 0;
  gruposCargados = 0;
  stored = [
    notificacion(5, origenesNotificacion.programa, 31),
    notificacion(4, origenesNotificacion.compras, 8),
    notificacion(3, origenesNotificacion.consulta, 12, true),
    notificacion(2, origenesNotificacion.eventos, null, true),
    notificacion(1, origenesNotificacion.usuarios, null, true),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/notificaciones/traerPU'))
        return json({ status: 1, notificaciones: stored, sinLeer: stored.filter((n) => !n.leida).length });
      if (url.endsWith('/api/notificaciones/marcarLeidas')) {
        marcarLlamadas++;
        const marcadas = stored.filter((n) => !n.leida).length;
        stored = stored.map((n) => ({ ...n, leida: true }));
        return json({ status: 1, marcadas });
      }
      return json({ status: 2, codigo: 404, mensaje: 'no' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output aria-label="ruta">{`${location.pathname}${location.search}`}</output>;
}

function GroupsList() {
  useQuery({
    queryKey: ['grupos'],
    queryFn: async () => {
      gruposCargados++;
      return [];
    },
  });
  return null;
}

function Harness() {
  useNotificationsLive();
  return (
    <>
      <NotificationBell />
      <GroupsList />
      <Location />
    </>
  );
}

// While the modal is open the rest of the page is aria-hidden, so the bell is looked up with hidden.
const bell = () => screen.getByRole('button', { name: /^Notificaciones/, hidden: true });

describe('NotificationBell', () => {
  it('shows the unread count and raises it when a notification arrives live', async () => {
    renderWithProviders(<Harness />);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificaciones: 2 sin leer'));
    expect(screen.getByTestId('notificaciones-sin-leer')).toHaveTextContent('2');
    expect(live.destination).toBe('/topic/user7');

    act(() =>
      live.listener?.({ tipo: 'notificacion', ...notificacion(6, origenesNotificacion.eventos, null) }),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificaciones: 3 sin leer'));
    // The same event twice (e.g. two tabs' relays) counts once.
    act(() =>
      live.listener?.({ tipo: 'notificacion', ...notificacion(6, origenesNotificacion.eventos, null) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('notificaciones-sin-leer')).toHaveTextContent('3');
  });

  it('lists them with DD/MM/YYYY hh:mm dates and marks them read when opened', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificaciones: 2 sin leer'));

    await user.click(bell());
    const dialog = await screen.findByRole('dialog', { name: mensajes.notificaciones });
    const items = within(dialog).getAllByRole('button', { name: /Notificación \d/ });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Notificación 5'),
      expect.stringContaining('Notificación 4'),
      expect.stringContaining('Notificación 3'),
      expect.stringContaining('Notificación 2'),
      expect.stringContaining('Notificación 1'),
    ]);
    expect(items[0]).toHaveTextContent('23/11/2026 09:05');
    expect(within(dialog).getAllByText('Nueva')).toHaveLength(2);

    await waitFor(() => expect(marcarLlamadas).toBe(1));
    expect(bell()).toHaveAccessibleName('Notificaciones');
    // MUI keeps the last number in a hidden badge while it fades out.
    expect(screen.getByTestId('notificaciones-sin-leer').querySelector('.MuiBadge-badge')).toHaveClass(
      'MuiBadge-invisible',
    );
  });

  it('says the user is up to date when nothing is unread, and does not call marcarLeidas', async () => {
    stored = stored.map((n) => ({ ...n, leida: true }));
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeEnabled());
    await user.click(bell());
    expect(await screen.findByText(mensajes.alDia)).toBeVisible();
    expect(marcarLlamadas).toBe(0);
  });

  it.each([
    ['Notificación 5', '/home/programa?id=31'],
    ['Notificación 4', '/tienda/misCompras'],
    ['Notificación 3', '/perfil/misConsultas?id=12'],
    ['Notificación 2', '/home/misEventos'],
    ['Notificación 1', '/perfil/usuarios'],
  ])('routes a click on “%s” to %s and closes the modal', async (titulo, ruta) => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(bell());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: new RegExp(titulo) }));
    expect(screen.getByRole('status', { name: 'ruta', hidden: true })).toHaveTextContent(ruta);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reloads the group lists before going to /perfil/usuarios', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(gruposCargados).toBe(1));
    await user.click(bell());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Notificación 1/ }),
    );
    await waitFor(() => expect(gruposCargados).toBe(2));
  });

  it('opens and follows a notification with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notificaciones: 2 sin leer'));
    bell().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByRole('button', { name: /Notificación 5/ });
    first.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'ruta', hidden: true })).toHaveTextContent(
      '/home/programa?id=31',
    );
  });
});
