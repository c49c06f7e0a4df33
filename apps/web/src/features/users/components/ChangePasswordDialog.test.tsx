import { mensajes, type UsuarioSesion } from '@nexo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/api/session';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChangePasswordDialog } from './ChangePasswordDialog';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let sent: Record<string, unknown>[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () =>
    json({
      status: 1,
      mensaje: mensajes.passwordActualizado,
      access_token: 'nuevo-acceso',
      token_type: 'Bearer',
      expires_in: 900,
      usuario: { id: 1, username: 'ana', roles: [] },
    });
  sessionStore.saveTokens({
    access_token: 'acceso',
    expires_in: 900,
    usuario: { id: 1, username: 'ana', roles: [] } as unknown as UsuarioSesion,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith('/api/usuario/cambiarPassword')) {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return answer();
      }
      return json({ status: 2, codigo: 1, mensaje: 'no' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

async function type(label: string, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

describe('ChangePasswordDialog', { timeout: 20_000 }, () => {
  it('asks for the current password and keeps the session with the new tokens', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Cambiar contraseña' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText(mensajes.requerido)).not.toHaveLength(0);
    expect(sent).toEqual([]);

    await type('Contraseña actual', 'Vieja1234');
    await type('Nueva contraseña', 'Nueva12345');
    await type('Confirmar contraseña', 'Nueva12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        passwordActual: 'Vieja1234',
        password: 'Nueva12345',
        confpassword: 'Nueva12345',
        esRecuperacion: false,
      },
    ]);
    // The new refresh token came as the cookie; the new access token replaces the ended one.
    expect(sessionStore.get()?.access_token).toBe('nuevo-acceso');
  });

  it('shows a wrong current password on its field', async () => {
    answer = () =>
      json(
        {
          status: 2,
          codigo: 1,
          mensaje: mensajes.passwordActualIncorrecto,
          errores: [{ campo: 'passwordActual', mensaje: mensajes.passwordActualIncorrecto }],
        },
        403,
      );
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />);
    await type('Contraseña actual', 'Mala12345');
    await type('Nueva contraseña', 'Nueva12345');
    await type('Confirmar contraseña', 'Nueva12345');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(mensajes.passwordActualIncorrecto)).toBeInTheDocument();
    expect(sessionStore.get()?.access_token).toBe('acceso');
  });
});
