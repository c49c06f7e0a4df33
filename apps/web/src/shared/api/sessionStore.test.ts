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
