import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPushBrowser, unstubPushBrowser } from '../test/pushBrowser';
import { bootSkeleton } from './prerenderSkeletons';

const keys = {
  session: 'nexo.session',
  theme: 'nexo.tema',
  asked: 'nexo.push.preguntado',
  outside: ['/login', '/logout'],
  login: '/login',
};
const session = (usuario: object) => localStorage.setItem(keys.session, JSON.stringify({ usuario }));

/** What the boot script decides on a page load at `path`. */
function boot(path: string) {
  window.history.replaceState(null, '', path);
  delete document.documentElement.dataset.skeleton;
  bootSkeleton(keys);
  return document.documentElement.dataset.skeleton;
}

describe('bootSkeleton (index.html, before any other script)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(keys.theme, 'light');
    stubPushBrowser('default');
  });
  afterEach(() => {
    unstubPushBrowser();
    delete document.documentElement.dataset.skeleton;
  });

  it('shows the skeleton with the push offer on a frame page of a browser with a session', () => {
    session({ id: 1, username: 'ana' });
    expect(boot('/home/listaEquipo?id=3')).toBe('offer');
  });

  it('shows it without the offer once the browser was asked, or cannot be', () => {
    session({ id: 1 });
    localStorage.setItem(keys.asked, '1');
    expect(boot('/home/misEquipos')).toBe('bare');
    localStorage.removeItem(keys.asked);
    unstubPushBrowser();
    expect(boot('/home/misEquipos')).toBe('bare');
  });

  it('shows nothing without a session, on the login pages, in the dark theme or with a company logo', () => {
    expect(boot('/home/misEquipos')).toBeUndefined();
    session({ id: 1 });
    expect(boot('/login')).toBeUndefined();
    expect(boot('/logout/')).toBeUndefined();
    localStorage.setItem(keys.theme, 'dark');
    expect(boot('/home/misEquipos')).toBeUndefined();
    localStorage.setItem(keys.theme, 'light');
    session({ id: 1, empresa: { nombre: 'Acme', logoUrl: '/sv/logo/1' } });
    expect(boot('/home/misEquipos')).toBeUndefined();
  });

  it("preloads the frame's code after the skeleton's first paint, a few files per task", async () => {
    session({ id: 1 });
    const preload = Array.from({ length: 10 }, (_, index) => `/assets/frame-${index}.js`);
    window.history.replaceState(null, '', '/home/misEquipos');
    bootSkeleton({ ...keys, preload });
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links()).toHaveLength(0);
    await vi.waitFor(() => expect(links()).toHaveLength(10));
    expect(links().map((link) => new URL(link.href).pathname)).toEqual(preload);
    expect(links().every((link) => link.crossOrigin === '')).toBe(true);
    for (const link of links()) link.remove();
  });

  it('preloads nothing where it shows no skeleton', async () => {
    window.history.replaceState(null, '', '/home/misEquipos');
    bootSkeleton({ ...keys, preload: ['/assets/frame-0.js'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('shows nothing when the stored session is not readable', () => {
    localStorage.setItem(keys.session, '{roto');
    expect(boot('/home/misEquipos')).toBeUndefined();
  });

  it("shows the login page's copy on a bare /login without a session in the light theme", () => {
    expect(boot('/login')).toBe('login');
    expect(boot('/login/')).toBe('login');
    expect(boot('/login?registro=1')).toBeUndefined();
    expect(boot('/login?codigoMail=abc')).toBeUndefined();
    expect(boot('/logout')).toBeUndefined();
    localStorage.setItem(keys.theme, 'dark');
    expect(boot('/login')).toBeUndefined();
    localStorage.setItem(keys.theme, 'light');
    session({ id: 1 });
    expect(boot('/login')).toBeUndefined();
  });

  it('shows no login copy after a redirect that left state for the page (its notice)', () => {
    window.history.replaceState({ usr: { from: '/home/equipoNuevo' } }, '', '/login');
    delete document.documentElement.dataset.skeleton;
    bootSkeleton(keys);
    expect(document.documentElement.dataset.skeleton).toBeUndefined();
  });

  it("never sends the login page's copy", () => {
    expect(boot('/login')).toBe('login');
    document.body.innerHTML = '<div data-login-skeleton><form><input name="username" /></form></div>';
    const form = document.querySelector('form') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    document.body.innerHTML = '';
  });
});
