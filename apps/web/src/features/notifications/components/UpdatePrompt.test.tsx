import { mensajes } from '@nexo/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { appUpdate } from '../serviceWorker';
import { UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  act(() => appUpdate.dismiss());
  vi.restoreAllMocks();
});

describe('UpdatePrompt', () => {
  it('stays hidden while no new build waits', () => {
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByText(mensajes.actualizacionApp)).not.toBeInTheDocument();
  });

  it('asks to load a waiting build and activates it on accept', async () => {
    const accept = vi.spyOn(appUpdate, 'accept');
    renderWithProviders(<UpdatePrompt />);
    // What registerSW's onNeedRefresh does once the browser has installed a new sw.js.
    act(() => appUpdate.markAvailable());
    expect(await screen.findByText(mensajes.actualizacionApp)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: mensajes.cargarActualizacion }));
    expect(accept).toHaveBeenCalledOnce();
  });

  it('hides on "Más tarde" without activating', async () => {
    const accept = vi.spyOn(appUpdate, 'accept');
    renderWithProviders(<UpdatePrompt />);
    act(() => appUpdate.markAvailable());
    await userEvent.click(await screen.findByRole('button', { name: mensajes.masTarde }));
    expect(accept).not.toHaveBeenCalled();
    expect(screen.queryByText(mensajes.actualizacionApp)).not.toBeVisible();
  });
});
