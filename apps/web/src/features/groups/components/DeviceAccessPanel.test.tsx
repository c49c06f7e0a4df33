import type { AccesoEquipo } from '@nexo/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DeviceAccessPanel } from './DeviceAccessPanel';

const asignarRol = vi.fn((_input: unknown) => Promise.resolve());
let acceso: AccesoEquipo;
vi.mock('../api/groupsApi', () => ({
  fetchAccesoEquipo: () => Promise.resolve(acceso),
  asignarRol: (input: unknown) => asignarRol(input),
  removerRol: vi.fn(),
}));

function accesoComo(idRol: number): AccesoEquipo {
  return {
    equipo: { id: 7, nombre: 'Vivero' },
    idRol,
    usuarios: [
      { id: 1, username: 'duenia', idRol: 4 },
      { id: 2, username: 'ana', idRol: 1 },
      { id: 3, username: 'beto', idRol: 3 },
    ],
    pendientes: [
      {
        id: 40,
        fecha: Date.UTC(2026, 10, 23, 15),
        estado: { id: 1, descripcion: 'Pendiente' },
        solicitante: { id: 9, username: 'carla' },
        equipo: { id: 7, nombre: 'Vivero' },
      },
    ],
  };
}

afterEach(() => {
  cleanup();
  asignarRol.mockClear();
});

describe('DeviceAccessPanel', () => {
  it('an admin approves as user or admin (not developer) and revokes only what it may grant', async () => {
    acceso = accesoComo(2);
    renderWithProviders(<DeviceAccessPanel idEquipo={7} />);
    const pending = await screen.findByRole('listitem', { name: 'carla' });
    expect(within(pending).getByText('23/11/2026')).toBeTruthy();
    const buttons = within(pending)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Aprobar como Usuario', 'Aprobar como Administrador', 'Rechazar']);
    expect(screen.queryByRole('button', { name: 'Quitar acceso: duenia' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quitar acceso: ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar acceso: beto' })).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: 'Rechazar' }));
    expect(asignarRol).toHaveBeenCalledWith({ id: 40, idRol: 0 });
  });

  it('a developer approves as user or developer', async () => {
    acceso = accesoComo(3);
    renderWithProviders(<DeviceAccessPanel idEquipo={7} />);
    const pending = await screen.findByRole('listitem', { name: 'carla' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Aprobar como Desarrollador' }));
    expect(asignarRol).toHaveBeenCalledWith({ id: 40, idRol: 3 });
    expect(within(pending).queryByRole('button', { name: 'Aprobar como Administrador' })).toBeNull();
  });
});
