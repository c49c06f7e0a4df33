import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import type { Equipo, Licencia } from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsHost } from '../../../shared/ui/AlertsHost';
import { WidgetEditorDialog } from './WidgetEditorDialog';

const session = vi.hoisted(() => ({ token: null as Partial<Licencia> | null }));
vi.mock('../../../shared/api/session', () => ({ useSession: () => ({ token: session.token }) }));
const post = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/api/httpClient', () => ({
  api: {
    get: vi.fn(() => Promise.resolve({ status: 1, tiposSensor: [{ id: 1, descripcion: 'Temperatura' }] })),
    post,
  },
  isApiError: () => false,
  errorMessage: (e: unknown) => String(e),
}));

afterEach(cleanup);

const equipo = {
  id: 5,
  nombre: 'Patio',
  sensores: [{ id: 1, nombreNexo: 'temp', shadows: [] }],
} as unknown as Equipo;

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <>
          <WidgetEditorDialog open equipo={equipo} sensor={null} onClose={() => {}} />
          <AlertsHost />
        </>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('WidgetEditorDialog', () => {
  it('refuses a third widget with the spec message', () => {
    renderEditor();
    const add = screen.getByRole('button', { name: 'Agregar widget' });
    fireEvent.click(add);
    expect(screen.getAllByTestId('shadow-form')).toHaveLength(2);
    fireEvent.click(add);
    expect(screen.getAllByTestId('shadow-form')).toHaveLength(2);
    expect(screen.getByText('Puede elegir hasta dos widgets')).toBeInTheDocument();
  });

  it('disables the map widget on a free licence', () => {
    session.token = { esGratuito: true, permiteMapa: false };
    renderEditor();
    fireEvent.mouseDown(
      within(screen.getByTestId('shadow-form')).getByRole('combobox', { name: 'Tipo de widget' }),
    );
    expect(screen.getByRole('option', { name: /Mapa/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Termómetro' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers the map widget on a paid licence', () => {
    session.token = { esGratuito: false, permiteMapa: true };
    renderEditor();
    fireEvent.mouseDown(
      within(screen.getByTestId('shadow-form')).getByRole('combobox', { name: 'Tipo de widget' }),
    );
    expect(screen.getByRole('option', { name: 'Mapa' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows a topic already used in the device without calling the server', async () => {
    renderEditor();
    fireEvent.change(screen.getByLabelText('Nombre de la variable'), { target: { value: 'Temperatura' } });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'temp' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de sensor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Temperatura' }));
    fireEvent.mouseDown(
      within(screen.getByTestId('shadow-form')).getByRole('combobox', { name: 'Tipo de widget' }),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Texto' }));
    fireEvent.change(screen.getByLabelText('Nombre del widget'), { target: { value: 'Valor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Nombre topic ya asignado')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
