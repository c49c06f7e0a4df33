import { mensajes } from '@nexo/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { equipoConSensor } from '../../../test/devices';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ListaEquipoPage } from './ListaEquipoPage';

const fetchEquipo = vi.fn((id: number) => Promise.resolve(equipoConSensor(id)));
const fetchEquipos = vi.fn(() => Promise.resolve([equipoConSensor(7)]));
vi.mock('../api/devicesApi', () => ({
  fetchEquipo: (id: number) => fetchEquipo(id),
  fetchEquipos: () => fetchEquipos(),
}));
// The grid counts its renders; the share dialog only shows that it opened.
const gridRenders = vi.fn();
vi.mock('../components/WidgetGrid', () => ({
  WidgetGrid: () => {
    gridRenders();
    return <div data-testid="grilla" />;
  },
}));
vi.mock('../components/ShareDialog', () => ({
  ShareDialog: ({ equipo }: { equipo: unknown }) => (equipo ? <div role="dialog">compartir</div> : null),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ListaEquipoPage', () => {
  it('draws the device once: opening a dialog does not draw its dashboard again', async () => {
    renderWithProviders(<ListaEquipoPage />, { route: '/home/listaEquipo?id=3' });
    expect(await screen.findByTestId('grilla')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Equipo 3' })).toBeInTheDocument();
    const drawn = gridRenders.mock.calls.length;

    fireEvent.click(screen.getByRole('button', { name: mensajes.compartir }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('compartir');
    expect(gridRenders).toHaveBeenCalledTimes(drawn);
    // With an id, the device list is not asked for.
    expect(fetchEquipos).not.toHaveBeenCalled();
  });

  it('without an id, opens the first device of the list', async () => {
    renderWithProviders(<ListaEquipoPage />, { route: '/home/listaEquipo' });
    expect(await screen.findByRole('heading', { name: 'Equipo 7' })).toBeInTheDocument();
    expect(fetchEquipo).toHaveBeenCalledWith(7);
  });
});
