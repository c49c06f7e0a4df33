import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import {
  condicionesCatalogo,
  diasSemanaCatalogo,
  type ListadoGeneralEvento,
  mensajes,
  periodosCatalogo,
  tiposAccionColectivaCatalogo,
  tiposAccionEventoCatalogo,
  tiposEventoCatalogo,
  tiposInformacionCatalogo,
  tiposNotificacionCatalogo,
} from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsHost } from '../../../shared/ui/AlertsHost';
import { EventWizardDialog } from './EventWizardDialog';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/api/httpClient', () => ({
  api: { get: vi.fn(() => new Promise(() => {})), post },
  isApiError: () => false,
  errorMessage: (e: unknown) => String(e),
}));

afterEach(() => {
  cleanup();
  post.mockReset();
});

const plain = <T extends { id: number; descripcion: string }>(c: readonly T[]) =>
  c.map((x) => ({ id: x.id, descripcion: x.descripcion }));
const catalogos: Omit<ListadoGeneralEvento, 'status'> = {
  tiposEvento: plain(tiposEventoCatalogo),
  condiciones: plain(condicionesCatalogo),
  periodos: plain(periodosCatalogo),
  diasSemana: plain(diasSemanaCatalogo),
  tiposNotificaciones: plain(tiposNotificacionCatalogo),
  tiposInformaciones: plain(tiposInformacionCatalogo),
  tiposAccion: plain(tiposAccionEventoCatalogo),
  tiposAccionColectiva: plain(tiposAccionColectivaCatalogo),
  accionesColectivas: [],
  sensores: [
    {
      id: 11,
      idEquipo: 1,
      labelUsuario: 'Temperatura',
      nombreEquipo: 'Invernadero',
      tipoSensor: { id: 1 },
      interruptor: false,
    },
  ],
  telegramVinculado: false,
  zonaHoraria: 'America/Argentina/Buenos_Aires',
};

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <>
          <EventWizardDialog
            evento={null}
            catalogos={catalogos}
            permiteAccionPropia={false}
            onClose={() => {}}
          />
          <AlertsHost />
        </>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: mensajes.siguiente }));
const choose = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('EventWizardDialog', () => {
  it('checks each step before moving on, and keeps checking while the user corrects it', async () => {
    renderWizard();
    next();
    expect(await screen.findByText(mensajes.requerido)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: mensajes.nombre }), { target: { value: 'Calor' } });
    await waitFor(() => expect(screen.queryByText(mensajes.requerido)).toBeNull());
    next();

    // Step 2 of an automatic event: sensor, condition and value.
    next();
    expect((await screen.findAllByText(mensajes.requerido)).length).toBe(3);
    choose('Condición', '>');
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor' }), { target: { value: '30' } });
    await waitFor(() => expect(screen.getAllByText(mensajes.requerido)).toHaveLength(1));
  });

  it('asks for a weekday on a weekly schedule and for an action, a channel and the information on step 3', async () => {
    renderWizard();
    fireEvent.change(screen.getByRole('textbox', { name: mensajes.nombre }), {
      target: { value: 'Resumen' },
    });
    choose('Tipo de evento', 'Programado');
    next();
    choose('Período', 'Semanal');
    fireEvent.change(screen.getByLabelText(/Hora/), { target: { value: '08:30' } });
    next();
    expect(await screen.findByText(mensajes.minUnDia)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lunes' }));
    next();

    fireEvent.click(screen.getByRole('button', { name: mensajes.guardar }));
    expect(await screen.findByText(mensajes.minUnaAccion)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: mensajes.agregarAccion }));
    fireEvent.click(screen.getByRole('button', { name: mensajes.guardar }));
    expect(await screen.findByText(mensajes.minUnaNotificacion)).toBeTruthy();
    expect(screen.getByText(mensajes.minUnaInformacion)).toBeTruthy();
    expect(screen.getByText(mensajes.minUnSensor)).toBeTruthy();
    // The Telegram channel waits for the bot to be linked.
    expect((screen.getByRole('checkbox', { name: 'Telegram' }) as HTMLInputElement).disabled).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });
});
