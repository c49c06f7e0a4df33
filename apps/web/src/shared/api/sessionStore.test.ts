import { afterEach, describe, expect, it, vi } from 'vitest';

const usuario = { id: 7, username: 'ana' };

/** A fresh copy of the module, as a new page load gets it. */
async function loadStore() {
  vi.resetModules();
  return (await import('./sessionStore')).sessionStore;
}

describe('sessionStore and the other tabs', () => {
  afterEach(() => localStorage.clear());

  it('follows a logout and a login in another tab once it listens (from the task after the first)', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    const store = await loadStore();
    expect(store.get()?.usuario.id).toBe(7);
    await new Promise((resolve) => setTimeout(resolve));
    localStorage.removeItem('nexo.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'nexo.session', newValue: null }));
    expect(store.get()).toBeNull();
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'nexo.session', newValue: '{}' }));
    expect(store.get()?.access_token).toBe('');
    expect(store.get()?.usuario.id).toBe(7);
  });

  it('catches a logout made in another tab before it listened', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    const store = await loadStore();
    localStorage.removeItem('nexo.session');
    expect(store.get()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve));
    expect(store.get()).toBeNull();
  });
});

describe('sessionStore and the screens', () => {
  afterEach(() => localStorage.clear());

  it('keeps the user it holds when a token or a fresh copy brings the same user', async () => {
    localStorage.setItem('nexo.session', JSON.stringify({ usuario }));
    const store = await loadStore();
    const held = store.get()?.usuario;
    const listener = vi.fn();
    store.subscribe(listener);

    // The silent refresh on load: a token, and the same user in a new object.
    store.saveTokens({ access_token: 'a1', expires_in: 300, usuario: { ...usuario } as never });
    expect(store.get()?.access_token).toBe('a1');
    expect(store.get()?.usuario).toBe(held);
    // The layout's fresh copy, unchanged.
    store.updateUsuario({ ...usuario } as never);
    expect(store.get()?.usuario).toBe(held);
    // A changed user is taken.
    store.updateUsuario({ ...usuario, username: 'ana.m' } as never);
    expect(store.get()?.usuario).not.toBe(held);
    expect(store.get()?.usuario.username).toBe('ana.m');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
