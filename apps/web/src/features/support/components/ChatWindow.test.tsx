import { type Consulta, mensajes, type RealtimeEvent } from '@nexo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useSupportLive } from '../hooks/useSupportLive';
import { ChatWindow } from './ChatWindow';

const live = vi.hoisted(() => ({
  listener: null as ((event: RealtimeEvent) => void) | null,
  destination: '',
}));
vi.mock('../../../shared/realtime/useRealtime', () => ({
  useRealtimeTopic: (destination: string | null, listener: (event: RealtimeEvent) => void) => {
    live.destination = destination ?? '';
    live.listener = listener;
  },
  useRealtimeReconnect: () => {},
}));
vi.mock('../../../shared/api/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: () => ({ isAuthenticated: true, usuario: { id: 7 } }),
}));

const fecha = new Date(2026, 10, 23, 9, 5).getTime();
let consulta: Consulta;
let sent: unknown[];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  consulta = {
    id: 12,
    fecha,
    estadoSt: { id: 1, descripcion: 'Abierta' },
    titulo: 'No conecta',
    tipoProblemaSt: { id: 1, descripcion: 'Equipos y sensores' },
    esDeCompra: false,
    compra: null,
    fechaUltimoMensaje: fecha,
    mensajes: [{ id: 1, cuerpo: 'No conecta el equipo', fecha, esMsgDeUser: true }],
    globo: false,
    globoAbierto: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/consulta/pedido')) return json({ status: 1, pedido: consulta });
      if (url.endsWith('/api/consulta/enviarMensaje')) {
        const body = JSON.parse(String(init?.body)) as { mensaje: string };
        sent.push(body);
        return json({ status: 1, mensaje: { id: 3, cuerpo: body.mensaje, fecha, esMsgDeUser: true } });
      }
      return json({ status: 1, consultas: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness() {
  useSupportLive();
  return (
    <ChatWindow id={12} side="usuario" minimized={false} onToggleMinimized={() => {}} onClose={() => {}} />
  );
}

describe('ChatWindow', () => {
  it('shows the messages, adds live ones once, and hides the input when the query closes', async () => {
    renderWithProviders(<Harness />);
    const chat = await screen.findByRole('dialog', { name: 'Consulta #12' });
    expect(await within(chat).findByRole('listitem', { name: 'Vos: No conecta el equipo' })).toBeVisible();
    expect(within(chat).getByLabelText(mensajes.chatEscribirMensaje)).toBeVisible();
    expect(within(chat).getByText('23/11/2026 09:05')).toBeVisible();
    expect(live.destination).toBe('/topic/user7');

    const reply: RealtimeEvent = {
      tipo: 'chat.mensaje',
      idConsulta: 12,
      mensaje: { id: 2, cuerpo: 'Reiniciá el router', fecha, esMsgDeUser: false },
      estado: { id: 2, descripcion: 'Respondida' },
    };
    act(() => live.listener?.(reply));
    act(() => live.listener?.(reply));
    expect(await within(chat).findByRole('listitem', { name: 'Soporte: Reiniciá el router' })).toBeVisible();
    expect(within(chat).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chat).getByText('Respondida')).toBeVisible();

    act(() =>
      live.listener?.({
        tipo: 'consulta.estado',
        idConsulta: 12,
        estado: { id: 4, descripcion: 'Cancelada' },
      }),
    );
    await waitFor(() => expect(within(chat).queryByLabelText(mensajes.chatEscribirMensaje)).toBeNull());
    expect(within(chat).getByText(mensajes.chatConsultaCerrada)).toBeVisible();
  });

  it('sends with Enter and shows the message once, even when its live echo arrives', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const chat = await screen.findByRole('dialog', { name: 'Consulta #12' });
    const input = await within(chat).findByLabelText(mensajes.chatEscribirMensaje);
    await user.type(input, 'Gracias{Enter}');
    expect(await within(chat).findByRole('listitem', { name: 'Vos: Gracias' })).toBeVisible();
    expect(sent).toEqual([{ id: 12, mensaje: 'Gracias' }]);
    expect(input).toHaveValue('');
    act(() =>
      live.listener?.({
        tipo: 'chat.mensaje',
        idConsulta: 12,
        mensaje: { id: 3, cuerpo: 'Gracias', fecha, esMsgDeUser: true },
        estado: { id: 1, descripcion: 'Abierta' },
      }),
    );
    expect(within(chat).getAllByRole('listitem')).toHaveLength(2);
  });

  it('never shows the input for a closed query', async () => {
    consulta = { ...consulta, estadoSt: { id: 3, descripcion: 'Cerrada' } };
    renderWithProviders(<Harness />);
    const chat = await screen.findByRole('dialog', { name: 'Consulta #12' });
    expect(await within(chat).findByText(mensajes.chatConsultaCerrada)).toBeVisible();
    expect(within(chat).queryByLabelText(mensajes.chatEscribirMensaje)).toBeNull();
  });
});
