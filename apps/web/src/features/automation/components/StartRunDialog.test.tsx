import type { Programa } from '@nexo/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { StartRunDialog } from './StartRunDialog';

describe('StartRunDialog', () => {
  it('confirms with "Iniciar", not "Guardar"', async () => {
    const onStart = vi.fn();
    const programa = {
      id: 1,
      nombre: 'Riego',
      tareas: [{ id: 7, orden: 1, nombre: 'Regar' }],
    } as unknown as Programa;
    renderWithProviders(
      <StartRunDialog programa={programa} saving={false} onStart={onStart} onClose={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    screen.getByRole('button', { name: 'Iniciar' }).click();
    expect(onStart).toHaveBeenCalledWith(7);
  });
});
