import { mensajes } from '@nexo/contracts';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

// The real widget is a web component doing proof-of-work; here a button stands in for "the user ticked it".
vi.mock('./CaptchaField', async () => {
  const { forwardRef } = await import('react');
  return {
    CaptchaField: forwardRef<unknown, { onChange: (payload: string) => void; error?: string }>(
      function FakeCaptcha({ onChange, error }, _ref) {
        return (
          <div>
            <button type="button" onClick={() => onChange('payload')}>
              No soy un robot
            </button>
            {error && <span>{error}</span>}
          </div>
        );
      },
    ),
  };
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const exact = getDefaultNormalizer({ collapseWhitespace: false });

let taken: { usernames: string[]; mails: string[] };
let recoveries: Record<string, string>[];
let googleClientId: string | null;

beforeEach(() => {
  taken = { usernames: [], mails: [] };
  recoveries = [];
  googleClientId = null;
  for (const script of document.querySelectorAll('script[src*="accounts.google.com"]')) script.remove();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      if (url.endsWith('/api/config')) return json({ status: 1, googleClientId });
      if (url.endsWith('/usuario/codigosPais')) return json({ status: 1, codigosPais: [] });
      if (url.endsWith('/usuario/recuperarPassword')) {
        recoveries.push(body);
        return json({ status: 1, hash: 'h'.repeat(32), mensaje: mensajes.codigoEnviado });
      }
      if (url.endsWith('/usuario/chequearUsuarioExiste'))
        return json({ status: taken.usernames.includes(body.username ?? '') ? 3 : 1 });
      if (url.endsWith('/usuario/chequearMailExiste'))
        return json({ status: taken.mails.includes(body.mail ?? '') ? 3 : 1 });
      return json({ status: 2, codigo: 404, mensaje: 'no' }, 404);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

/** Types a whole value at once (paste), far quicker than key-by-key on a busy machine. */
async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.click(field);
  await userEvent.paste(value);
}

describe('LoginForm', { timeout: 20_000 }, () => {
  it('shows the spec messages for an empty username, password and captcha', async () => {
    renderWithProviders(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText(mensajes.usuarioInvalido)).toBeInTheDocument();
    expect(screen.getByText(mensajes.contrasenaInvalida)).toBeInTheDocument();
    expect(screen.getByText(mensajes.debeCompletarCaptcha)).toBeInTheDocument();
  });

  it("takes what was typed and focused in index.html's copy of the form before the app arrived", async () => {
    document.documentElement.dataset.skeleton = 'login';
    const copy = document.createElement('div');
    copy.setAttribute('data-login-skeleton', '');
    copy.innerHTML = '<form><input name="username" /><input name="password" type="password" /></form>';
    document.body.append(copy);
    (copy.querySelector('input[name="username"]') as HTMLInputElement).value = 'ana';
    const password = copy.querySelector('input[name="password"]') as HTMLInputElement;
    password.focus();
    password.value = 'secreta1';
    try {
      renderWithProviders(<LoginForm />);
      copy.remove();
      expect(screen.getByLabelText('Usuario')).toHaveValue('ana');
      expect(screen.getByLabelText('Contraseña')).toHaveValue('secreta1');
      expect(screen.getByLabelText('Contraseña')).toHaveFocus();
      // The values count for the form: only the captcha is missing.
      await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
      expect(await screen.findByText(mensajes.debeCompletarCaptcha)).toBeInTheDocument();
      expect(screen.queryByText(mensajes.usuarioInvalido)).not.toBeInTheDocument();
      expect(screen.queryByText(mensajes.contrasenaInvalida)).not.toBeInTheDocument();
    } finally {
      copy.remove();
      delete document.documentElement.dataset.skeleton;
    }
  });

  it('clears the captcha message once the captcha is ticked', async () => {
    renderWithProviders(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText(mensajes.debeCompletarCaptcha)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No soy un robot' }));
    await waitFor(() => expect(screen.queryByText(mensajes.debeCompletarCaptcha)).not.toBeInTheDocument());
  });

  it('forgot password: a dialog asks for a username or e-mail and the captcha, then for the code', async () => {
    renderWithProviders(<LoginForm />);
    await fill('Usuario', 'ana');
    await userEvent.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
    const field = within(dialog).getByLabelText('Usuario o e-mail');
    expect(field).toHaveValue('ana');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog).findByText(mensajes.debeIngresarUsuarioValido)).toBeInTheDocument();
    expect(within(dialog).getByText(mensajes.debeCompletarCaptcha)).toBeInTheDocument();
    expect(recoveries).toEqual([]);

    await userEvent.click(field);
    await userEvent.paste('ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No soy un robot' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('dialog', { name: 'Recuperar contraseña' })).toBeInTheDocument();
    expect(recoveries).toEqual([{ mail: 'ana@example.com', captcha: 'payload' }]);
  });
});

// Rendering the whole form with MUI is slow in jsdom when other suites share the CPU.
describe('Google sign-in', { timeout: 20_000 }, () => {
  const googleScript = () => document.querySelector('script[src="https://accounts.google.com/gsi/client"]');

  it('loads Google Identity Services when the server has a client id', async () => {
    googleClientId = 'cliente.apps.googleusercontent.com';
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(googleScript()).not.toBeNull());
  });

  it('offers no Google sign-in when the server has none', async () => {
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/sv/api/config', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(googleScript()).toBeNull();
  });
});

describe('RegisterForm', { timeout: 20_000 }, () => {
  it('shows the user-form messages for invalid values', async () => {
    renderWithProviders(<RegisterForm idSuscripcion={null} esGratis={null} />);
    await fill('Nombre', 'A');
    await fill('Mail', 'no-es-un-mail');
    await fill('Teléfono', '12ab');
    await fill('Contraseña', 'abcdefgh');
    await fill('Confirmar contraseña', 'otra');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText(mensajes.muyCorto)).toBeInTheDocument();
    expect(screen.getByText(mensajes.mailIncorrecto)).toBeInTheDocument();
    expect(screen.getByText(mensajes.telefonoInvalido)).toBeInTheDocument();
    expect(screen.getByText(mensajes.requerido)).toBeInTheDocument();
    expect(screen.getByText(mensajes.passwordLetrasYNumeros)).toBeInTheDocument();
    expect(screen.getByText(mensajes.contrasenasNoCoinciden)).toBeInTheDocument();
  });

  it('requires at least 8 characters in the password', async () => {
    renderWithProviders(<RegisterForm idSuscripcion={null} esGratis={null} />);
    await fill('Contraseña', 'ab1');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText(mensajes.passwordMin8)).toBeInTheDocument();
  });

  it('warns about a taken username and e-mail after the debounced check', async () => {
    taken = { usernames: ['ocupado'], mails: ['ocupado@nexo.test'] };
    renderWithProviders(<RegisterForm idSuscripcion={null} esGratis={null} />);
    await fill('Usuario', 'ocupado');
    await fill('Mail', 'ocupado@nexo.test');
    // The spec's text has a double space, which the default matcher would collapse.
    expect(await screen.findByText(mensajes.usuarioExistente, { normalizer: exact })).toBeInTheDocument();
    expect(await screen.findByText(mensajes.mailExistente)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Usuario'));
    await fill('Usuario', 'libre');
    await waitFor(() =>
      expect(screen.queryByText(mensajes.usuarioExistente, { normalizer: exact })).not.toBeInTheDocument(),
    );
  });
});
