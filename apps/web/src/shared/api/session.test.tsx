import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const usuario = { id: 7, username: 'ana', roles: ['ROLE_USER'] };

describe('useSession', () => {
  afterEach(() => localStorage.clear());

  it('re-renders for a new user, not for a renewed access token', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    vi.resetModules();
    const { useSession, sessionStore } = await import('./session');
    let renders = 0;
    function Probe() {
      renders++;
      return <span>{useSession().usuario?.username}</span>;
    }
    const view = render(<Probe />);
    expect(view.container.textContent).toBe('ana');
    const before = renders;

    act(() =>
      sessionStore.saveTokens({ access_token: 'a1', expires_in: 300, usuario: { ...usuario } as never }),
    );
    act(() =>
      sessionStore.saveTokens({ access_token: 'a2', expires_in: 300, usuario: { ...usuario } as never }),
    );
    expect(renders).toBe(before);

    act(() => sessionStore.updateUsuario({ ...usuario, username: 'ana.m' } as never));
    expect(renders).toBe(before + 1);
    expect(view.container.textContent).toBe('ana.m');
  });
});
