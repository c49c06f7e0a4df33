import { mensajes } from '@nexo/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

vi.mock('../components/CaptchaField', async () => {
  const { forwardRef } = await import('react');
  return {
    CaptchaField: forwardRef(function FakeCaptcha() {
      return <div>captcha</div>;
    }),
  };
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: { url: string; body: unknown }[];
let activation: () => Response;

beforeEach(() => {
  calls = [];
  activation = () => json({ status: 1, mensaje: mensajes.cuentaActivada });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
      if (url.endsWith('/api/config')) return json({ status: 1, googleClientId: null });
      if (url.endsWith('/usuario/codigosPais')) return json({ status: 1, codigosPais: [] });
      if (url.endsWith('/usuario/activarCuenta')) return activation();
      if (url.endsWith('/usuario/reenviarActivacion')) return json({ status: 1 });
      return json({ status: 1 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', { timeout: 20_000 }, () => {
  it('opens on the Login tab by default', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on Registrarme when a plan was chosen (idSuscripcion)', () => {
    renderWithProviders(<LoginPage />, { route: '/login?idSuscripcion=3&esGratis=true' });
    expect(screen.getByRole('tab', { name: 'Registrarme' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens on Registrarme from the share page's 'Registrarse' link (registro=1)", async () => {
    renderWithProviders(<LoginPage />, { route: '/login?registro=1' });
    expect(screen.getByRole('tab', { name: 'Registrarme' })).toHaveAttribute('aria-selected', 'true');
    // The form loads lazily with its schemas: allow for a busy machine.
    expect(await screen.findByRole('form', { name: 'Registrarme' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('activates the account from the mail link and says so', async () => {
    renderWithProviders(<LoginPage />, { route: '/login?codigoMail=abc' });
    expect(await screen.findByText(mensajes.cuentaActivada)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/usuario/activarCuenta'))).toEqual([
      { url: '/sv/usuario/activarCuenta', body: { codigoMail: 'abc' } },
    ]);
  });

  it('reports an expired link and offers to send a new one', async () => {
    activation = () => json({ status: 2, codigo: 'LINK_VENCIDO', mensaje: mensajes.linkVencido }, 400);
    renderWithProviders(<LoginPage />, { route: '/login?codigoMail=viejo' });
    expect(await screen.findByText(mensajes.linkVencido.trim())).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(mensajes.activacionReenviada)).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/usuario/reenviarActivacion'))?.body).toEqual({
      codigo: 'viejo',
    });
  });
});
