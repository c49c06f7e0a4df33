import { mensajes } from '@nexo/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LicenceDialog } from './LicenceDialog';

describe('LicenceDialog', () => {
  it("shows a refusal as 'No permitido' with the reason and only a close button", async () => {
    const onClose = vi.fn();
    renderWithProviders(<LicenceDialog open refusal={mensajes.licenciaSinSensores} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: mensajes.noPermitido });
    expect(dialog).toHaveTextContent(mensajes.licenciaSinSensores);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: mensajes.cerrar }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the missing subscription when there is no licence token', () => {
    renderWithProviders(<LicenceDialog open token={null} showShopLink={false} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Licencia' })).toHaveTextContent(mensajes.sinSuscripcionActiva);
    expect(screen.queryByRole('link', { name: 'Ver planes' })).not.toBeInTheDocument();
  });
});
