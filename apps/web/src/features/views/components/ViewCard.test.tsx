import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { mensajes, type Vista } from '@nexo/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewCard } from './ViewCard';

afterEach(cleanup);

const vista = (cantidad: number) =>
  ({
    id: 4,
    nombre: 'Planta baja',
    layouts: null,
    sensores: Array.from({ length: cantidad }, (_, i) => ({
      id: i + 1,
      idEquipo: 1,
      labelUsuario: `Sensor ${i + 1}`,
      conectado: i % 2 === 0,
      tipoSensor: { id: 1, descripcion: 'Temperatura' },
      shadows: [],
    })),
  }) as unknown as Vista;

function renderCard(v: Vista, canEdit: boolean, handlers = { onEdit: vi.fn(), onDelete: vi.fn() }) {
  render(
    <MemoryRouter>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <ViewCard vista={v} canEdit={canEdit} {...handlers} />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return handlers;
}

describe('ViewCard', () => {
  it('shows the name, at most 10 sensor icons and links to the view', () => {
    renderCard(vista(13), true);
    expect(screen.getByText('Planta baja')).toBeInTheDocument();
    expect(screen.getAllByTestId('icono-sensor')).toHaveLength(10);
    expect(screen.getByText('13 sensores')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/home/listaVista?id=4');
  });

  it('offers edit only when the plan permits views, and delete always', () => {
    const handlers = renderCard(vista(2), true);
    fireEvent.click(screen.getByRole('button', { name: `${mensajes.editar} Planta baja` }));
    fireEvent.click(screen.getByRole('button', { name: `${mensajes.eliminar} Planta baja` }));
    expect(handlers.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    expect(handlers.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    cleanup();

    renderCard(vista(0), false);
    expect(screen.queryByRole('button', { name: `${mensajes.editar} Planta baja` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${mensajes.eliminar} Planta baja` })).toBeInTheDocument();
    expect(screen.getByText(mensajes.vistaSinSensores)).toBeInTheDocument();
  });
});
