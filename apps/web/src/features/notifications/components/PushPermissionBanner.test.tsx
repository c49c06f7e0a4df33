import { mensajes } from '@nexo/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPushBrowser, unstubPushBrowser } from '../../../test/pushBrowser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PUSH_ASKED_STORAGE_KEY } from '../pushSubscription';
import { PushPermissionBanner } from './PushPermissionBanner';

beforeEach(() => localStorage.clear());
afterEach(unstubPushBrowser);

describe('PushPermissionBanner', () => {
  it('offers to activate notifications while the browser was never asked', () => {
    stubPushBrowser('default', 'default');
    renderWithProviders(<PushPermissionBanner />);
    expect(screen.getByText(mensajes.activarNotificacionesTexto)).toBeVisible();
    expect(screen.getByRole('button', { name: mensajes.activarNotificaciones })).toBeEnabled();
  });

  it('asks for the permission on click and explains why when it is denied', async () => {
    const requestPermission = stubPushBrowser('default', 'denied');
    renderWithProviders(<PushPermissionBanner />);
    await userEvent.click(screen.getByRole('button', { name: mensajes.activarNotificaciones }));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByText(mensajes.permisoNotificaciones)).toBeVisible();
    expect(localStorage.getItem(PUSH_ASKED_STORAGE_KEY)).not.toBeNull();
  });

  it('is not shown again once answered with "Ahora no"', async () => {
    stubPushBrowser('default', 'default');
    const { unmount } = renderWithProviders(<PushPermissionBanner />);
    await userEvent.click(screen.getByRole('button', { name: mensajes.ahoraNo }));
    unmount();
    renderWithProviders(<PushPermissionBanner />);
    expect(screen.queryByText(mensajes.activarNotificacionesTexto)).not.toBeInTheDocument();
  });

  it('is not shown when the browser already decided, or has no Push API', () => {
    stubPushBrowser('denied', 'denied');
    const { unmount } = renderWithProviders(<PushPermissionBanner />);
    expect(screen.queryByText(mensajes.activarNotificacionesTexto)).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    renderWithProviders(<PushPermissionBanner />);
    expect(screen.queryByText(mensajes.activarNotificacionesTexto)).not.toBeInTheDocument();
  });
});
