import { mensajes } from '@nexo/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_ASKED_STORAGE_KEY } from '../../features/notifications/pushSubscription';
import { stubPushBrowser, unstubPushBrowser } from '../../test/pushBrowser';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FrameSkeleton } from './FrameSkeleton';

beforeEach(() => localStorage.clear());
afterEach(unstubPushBrowser);

describe('FrameSkeleton', () => {
  it('draws the top bar and the push offer as the frame will, with the buttons waiting', () => {
    stubPushBrowser('default');
    renderWithProviders(<FrameSkeleton />);
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nexo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeDisabled();
    expect(screen.getByRole('region', { name: mensajes.activarNotificaciones })).toBeVisible();
    expect(screen.getByText(mensajes.activarNotificacionesTexto)).toBeVisible();
    expect(screen.getByRole('button', { name: mensajes.activarNotificaciones })).toBeDisabled();
    expect(screen.getByRole('button', { name: mensajes.ahoraNo })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.getByRole('heading', { level: 1, name: 'Cargando…' })).toBeInTheDocument();
  });

  it('leaves the offer out once the browser was asked, or when it cannot receive push', () => {
    stubPushBrowser('default');
    localStorage.setItem(PUSH_ASKED_STORAGE_KEY, '1');
    const { unmount } = renderWithProviders(<FrameSkeleton />);
    expect(screen.queryByRole('region', { name: mensajes.activarNotificaciones })).toBeNull();
    unmount();

    localStorage.clear();
    stubPushBrowser('granted');
    renderWithProviders(<FrameSkeleton />);
    expect(screen.queryByRole('region', { name: mensajes.activarNotificaciones })).toBeNull();
    expect(screen.getByRole('banner')).toBeVisible();
  });
});
