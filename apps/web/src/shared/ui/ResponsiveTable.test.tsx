import { Button } from '@mui/material';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable';

interface Fila {
  id: number;
  nombre: string;
  valor: number;
}

const filas: Fila[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  nombre: `Sensor ${String.fromCharCode(76 - i)}`, // L, K, … A
  valor: (i * 7) % 12,
}));

const columns: TableColumn<Fila>[] = [
  { id: 'nombre', label: 'Nombre', value: (f) => f.nombre, phone: 'title' },
  { id: 'valor', label: 'Valor', value: (f) => f.valor, align: 'right' },
];

function renderTable(rows: Fila[] = filas) {
  return renderWithProviders(
    <ResponsiveTable
      label="Sensores"
      rows={rows}
      rowKey={(f) => f.id}
      columns={columns}
      searchable
      emptyText="No hay sensores."
      defaultSort={{ column: 'nombre', direction: 'asc' }}
      actions={(f) => <Button aria-label={`Quitar ${f.nombre}`}>Quitar</Button>}
    />,
  );
}

/** Makes `useMediaQuery(theme.breakpoints.down('sm'))` true, as on a 390 px phone. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('sorts, pages by the spec page size of 5 and searches without accents or case', {
    timeout: 30_000,
  }, async () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Sensores' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Sensor A', 'Sensor B', 'Sensor C', 'Sensor D', 'Sensor E']);
    await userEvent.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(names()[0]).toBe('Sensor L');
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(names()).toEqual(['Sensor G', 'Sensor F', 'Sensor E', 'Sensor D', 'Sensor C']);
    expect(screen.getByText('6–10 de 12')).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'SÉNSOR k');
    expect(names()).toEqual(['Sensor K']);
    expect(screen.getByRole('button', { name: 'Quitar Sensor K' })).toBeVisible();
  });

  it('shows the empty text, and no pager for a short list', () => {
    renderTable([]);
    expect(screen.getByText('No hay sensores.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).not.toBeInTheDocument();
  });

  it('on a phone turns each row into a card with its fields and every action', {
    timeout: 30_000,
  }, async () => {
    asPhone();
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Sensores' })).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const first = cards[0] as HTMLElement;
    expect(first).toHaveTextContent('Sensor A');
    expect(within(first).getByText('Valor')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Quitar Sensor A' })).toBeVisible();
    // Sorting is offered as one choice on a phone.
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(screen.getByRole('option', { name: 'Valor (descendente)' }));
    expect(
      within(screen.getByRole('list', { name: 'Sensores' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('11');
  });
});
