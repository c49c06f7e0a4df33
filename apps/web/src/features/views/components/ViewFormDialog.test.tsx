import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { type Equipo, mensajes } from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsHost } from '../../../shared/ui/AlertsHost';
import { ViewFormDialog } from './ViewFormDialog';

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

const sensor = (id: number, idEquipo: number, labelUsuario: string, tipo = 'Temperatura') => ({
  id,
  idEquipo,
  labelUsuario,
  tipoSensor: { id: 1, descripcion: tipo },
  shadows: [],
});
const equipos = [
  {
    id: 1,
    nombre: 'Invernadero',
    sensores: [sensor(11, 1, 'Temperatura'), sensor(12, 1, 'Humedad', 'Humedad')],
  },
  { id: 2, nombre: 'Tanque', sensores: [sensor(21, 2, 'Nivel', 'Nivel')] },
] as unknown as Equipo[];

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['equipos'], equipos);
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <>
          <ViewFormDialog open vista={null} onClose={() => {}} />
          <AlertsHost />
        </>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const nombre = () => screen.getByRole('textbox', { name: mensajes.nombre });
const save = () => fireEvent.click(screen.getByRole('button', { name: mensajes.guardar }));

describe('ViewFormDialog', () => {
  it('requires a name of 2 to 50 characters and at least one sensor', async () => {
    renderForm();
    fireEvent.change(nombre(), { target: { value: 'A' } });
    save();
    expect(await screen.findByText(mensajes.muyCorto)).toBeInTheDocument();
    expect(screen.getByText(mensajes.minUnSensor)).toBeInTheDocument();

    fireEvent.change(nombre(), { target: { value: 'x'.repeat(51) } });
    save();
    expect(await screen.findByText(mensajes.max50Nombre)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('groups sensors by device, filters them and sends the chosen ones', async () => {
    post.mockResolvedValue({ status: 1, vista: { id: 9, nombre: 'Planta', sensores: [], layouts: null } });
    renderForm();
    expect(screen.getByText('Invernadero')).toBeInTheDocument();
    expect(screen.getByText('Tanque')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: mensajes.buscarSensor }), {
      target: { value: 'niv' },
    });
    expect(screen.queryByText('Humedad')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nivel (Tanque)' }));
    fireEvent.change(screen.getByRole('textbox', { name: mensajes.buscarSensor }), { target: { value: '' } });
    // The device checkbox selects all of its sensors.
    fireEvent.click(screen.getByRole('checkbox', { name: `${mensajes.equipo} Invernadero` }));
    expect(screen.getByTestId('sensores-seleccionados')).toHaveTextContent('3 seleccionados');

    fireEvent.change(nombre(), { target: { value: 'Planta' } });
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/api/vistas/grabar', {
      id: null,
      nombre: 'Planta',
      sensores: [{ id: 21 }, { id: 11 }, { id: 12 }],
    });
  });
});
