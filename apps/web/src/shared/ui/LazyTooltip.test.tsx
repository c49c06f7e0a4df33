import { IconButton } from '@mui/material';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LazyTooltip } from './LazyTooltip';

function Settings() {
  return (
    <LazyTooltip title="Configuración">
      <IconButton>⚙</IconButton>
    </LazyTooltip>
  );
}

describe('LazyTooltip', () => {
  it('mounts nothing until wanted; the title names the child meanwhile', () => {
    renderWithProviders(<Settings />);
    expect(screen.getByRole('button', { name: 'Configuración' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens for a resting mouse on the same button, which is not mounted again, and closes when it leaves', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Settings />);
    const button = screen.getByRole('button', { name: 'Configuración' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Configuración');
    expect(screen.getByRole('button', { name: 'Configuración' })).toBe(button);
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens for the keyboard, keeps the focus on the button, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Settings />);
    await user.tab();
    const button = screen.getByRole('button', { name: 'Configuración' });
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Configuración');
    expect(button).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(button).toHaveFocus();
  });
});
