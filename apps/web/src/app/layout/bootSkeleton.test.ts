import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubPushBrowser, unstubPushBrowser } from '../../test/pushBrowser';
import { bootSkeleton } from './prerenderFrameSkeleton';

const keys = {
  session: 'nexo.session',
  theme: 'nexo.tema',
  asked: 'nexo.push.preguntado',
  outside: ['/login', '/logout'],
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

  it('shows nothing when the stored session is not readable', () => {
    localStorage.setItem(keys.session, '{roto');
    expect(boot('/home/misEquipos')).toBeUndefined();
  });
});
