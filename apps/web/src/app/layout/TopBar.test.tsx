import { type Licencia, mensajes, type UsuarioSesion } from '@nexo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/api/session';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TopBar } from './TopBar';

const trial: Licencia = {
  id: 1,
  tipoSuscripcion: { id: 1, descripcion: 'Gratuita' },
  nombrePlan: 'Prueba',
  cantidadDispositivos: 5,
  cantidadSensores: 20,
  cantidadUsuarios: 2,
  cantEquiposAsignados: 2,
  cantSensoresAsignados: 7,
  cantUsuariosAsignados: 0,
  cancelacionSolicitada: false,
  fechaDesde: new Date(2026, 0, 1).getTime(),
  fechaHasta: new Date(2026, 1, 15, 12).getTime(),
  esGratuito: true,
  permiteVistas: true,
  permiteMapa: false,
};

function usuario(overrides: Partial<UsuarioSesion> = {}): UsuarioSesion {
  return {
    id: 7,
    username: 'ana',
    nombre: 'Ana Pérez',
    mail: 'ana@nexo.test',
    telefono: null,
    codigoPais: null,
    roles: [],
    empresa: null,
    tieneUsuarioPadre: false,
    esUsuarioExterno: false,
    telegramChatId: null,
    zonaHoraria: 'America/Argentina/Buenos_Aires',
    token: trial,
    ...overrides,
  };
}

function signIn(user: UsuarioSesion) {
  sessionStore.saveTokens({ access_token: 'a', expires_in: 900, usuario: user });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"status":1}', { status: 200 })),
  );
});

afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('TopBar', { timeout: 20_000 }, () => {
  it('shows the trial licence badge and its dialog with limits, counters and expiry', async () => {
    signIn(usuario());
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Licencia activa de prueba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licencia' });
    expect(within(dialog).getByText('2 / 5')).toBeInTheDocument();
    expect(within(dialog).getByText('7 / 20')).toBeInTheDocument();
    expect(within(dialog).getByText('0 / 2')).toBeInTheDocument();
    expect(within(dialog).getByText('15/02/2026')).toBeInTheDocument();
  });

  it('says there is no active subscription when the user has no token', async () => {
    signIn(usuario({ token: null }));
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: mensajes.sinSuscripcionActiva }));
    const dialog = await screen.findByRole('dialog', { name: 'Licencia' });
    expect(within(dialog).getByText(mensajes.sinSuscripcionActiva)).toBeInTheDocument();
  });

  it('names the phone licence icon after the licence, so trial and no subscription differ', () => {
    signIn(usuario());
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    expect(screen.getByRole('button', { name: 'Licencia: Licencia activa de prueba' })).toBeInTheDocument();
  });

  it('names the phone licence icon after the missing subscription', () => {
    signIn(usuario({ token: null }));
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    expect(
      screen.getByRole('button', { name: `Licencia: ${mensajes.sinSuscripcionActiva}` }),
    ).toBeInTheDocument();
  });

  it('shows the shop link and the default logo to a user without company', () => {
    signIn(usuario());
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    expect(screen.getByRole('link', { name: 'Tienda' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Nexo' });
    expect(home.querySelector('img')).toHaveAttribute('src', '/logo.svg');
  });

  it('hides the shop and shows the company logo to a company user', () => {
    signIn(usuario({ empresa: { id: 3, nombre: 'Acme', logoUrl: 'https://acme.test/logo.png' } }));
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    expect(screen.queryByRole('link', { name: 'Tienda' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme' })).toHaveAttribute('src', 'https://acme.test/logo.png');
  });

  it('offers profile, users, purchases, queries and Salir in the user menu', async () => {
    signIn(usuario());
    renderWithProviders(<TopBar onOpenMenu={() => {}} />);
    expect(screen.getByTestId('usuario-actual')).toHaveTextContent('ana');
    await userEvent.click(screen.getByRole('button', { name: /^Menú de usuario/ }));
    for (const name of ['Mi perfil', 'Mis usuarios', 'Mis compras', 'Mis consultas', 'Salir']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
  });
});
