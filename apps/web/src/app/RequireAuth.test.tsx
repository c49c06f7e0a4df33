import { rolesUsuario, type UsuarioSesion } from '@nexo/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../shared/api/session';
import { RequireAdmin, RequireAuth } from './RequireAuth';

function logInAs(roles: string[]) {
  sessionStore.saveTokens({
    access_token: 'a',
    expires_in: 900,
    usuario: { id: 1, username: 'ana', nombre: 'Ana', mail: 'ana@x.test', roles } as unknown as UsuarioSesion,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RequireAuth>
            <RequireAdmin />
          </RequireAuth>
        ),
        children: [{ path: '/admin/equipos', element: <h1>Administración de equipos</h1> }],
      },
      { path: '/home/misEquipos', element: <h1>Mis Equipos</h1> },
      { path: '/login', element: <h1>Ingresar</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => sessionStore.clear());

describe('RequireAdmin', () => {
  it('sends a user without ROLE_ADMIN from /admin/* to /home/misEquipos', async () => {
    logInAs([]);
    const router = renderAt('/admin/equipos');
    expect(await screen.findByRole('heading', { name: 'Mis Equipos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/misEquipos');
    expect(screen.queryByText('Administración de equipos')).not.toBeInTheDocument();
  });

  it('lets an administrator in', async () => {
    logInAs([rolesUsuario.admin]);
    const router = renderAt('/admin/equipos');
    expect(await screen.findByRole('heading', { name: 'Administración de equipos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/equipos');
  });

  it('sends an anonymous visitor to /login first', async () => {
    renderAt('/admin/equipos');
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
  });
});
