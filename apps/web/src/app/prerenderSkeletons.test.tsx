// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderSkeletons } from './prerenderSkeletons';

describe('prerenderSkeletons (index.html at build time)', () => {
  const skeleton = prerenderSkeletons();

  it('renders the frame skeleton with its styles in one element, hidden until the boot script shows it', () => {
    expect(skeleton.markup.startsWith('<style>')).toBe(true);
    expect(skeleton.markup.match(/<style/g)).toHaveLength(1);
    expect(skeleton.markup).toContain('<div data-frame-skeleton="">');
    expect(skeleton.markup).toContain('Recibí los avisos de tus equipos aunque la app esté cerrada.');
    expect(skeleton.markup).toContain('data-push-offer');
    expect(skeleton.markup).toContain('aria-label="Abrir menú"');
    expect(skeleton.markup).toContain('Cargando…');
    // The light theme's baseline, so the page has its background before any script.
    expect(skeleton.markup).toContain('background-color:#f3f6fa');
    expect(skeleton.style).toContain('[data-frame-skeleton],[data-login-skeleton]{display:none}');
  });

  it('renders the login page as the app draws it on a bare /login, with its buttons disabled', () => {
    const login = skeleton.markup.slice(skeleton.markup.indexOf('<div data-login-skeleton="">'));
    expect(login).toContain('Bienvenido');
    expect(login).toContain('Ingresá para ver y controlar tus equipos.');
    expect(login).toContain('name="username"');
    expect(login).toContain('name="password"');
    expect(login).toContain('No soy un robot');
    const buttons = login.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    expect(buttons.every((button) => button.includes('disabled=""'))).toBe(true);
    expect(skeleton.style).toContain('html[data-skeleton=login] [data-login-skeleton]{display:block}');
  });

  it("writes each of emotion's style blocks once, in one element", () => {
    const css = skeleton.markup.slice('<style>'.length, skeleton.markup.indexOf('</style>'));
    // The baseline both skeletons draw with.
    expect(css.split('html{-webkit-font-smoothing:antialiased').length).toBe(2);
  });

  it('writes a boot script with the keys the app keeps its session, theme and push answer under', () => {
    expect(skeleton.bootScript).toContain('"nexo.session"');
    expect(skeleton.bootScript).toContain('"nexo.tema"');
    expect(skeleton.bootScript).toContain('"nexo.push.preguntado"');
    expect(skeleton.bootScript).toContain('["/login","/logout"]');
    expect(skeleton.bootScript).toContain('"login":"/login"');
    expect(skeleton.bootScript).not.toContain('</script');
  });
});
