// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderSkeletons } from './prerenderSkeletons';

describe('prerenderSkeletons (index.html at build time)', () => {
  const skeleton = prerenderSkeletons();

  it('renders the frame skeleton with its styles in one element, hidden until the boot script shows it', () => {
    expect(skeleton.markup.startsWith('<div data-frame-skeleton=""><style>')).toBe(true);
    expect(skeleton.markup.match(/<style/g)).toHaveLength(1);
    expect(skeleton.markup).toContain('Recibí los avisos de tus equipos aunque la app esté cerrada.');
    expect(skeleton.markup).toContain('data-push-offer');
    expect(skeleton.markup).toContain('aria-label="Abrir menú"');
    expect(skeleton.markup).toContain('Cargando…');
    // The light theme's baseline, so the page has its background before any script.
    expect(skeleton.markup).toContain('background-color:#f3f6fa');
    expect(skeleton.style).toContain('[data-frame-skeleton]{display:none}');
  });

  it('writes a boot script with the keys the app keeps its session, theme and push answer under', () => {
    expect(skeleton.bootScript).toContain('"nexo.session"');
    expect(skeleton.bootScript).toContain('"nexo.tema"');
    expect(skeleton.bootScript).toContain('"nexo.push.preguntado"');
    expect(skeleton.bootScript).toContain('["/login","/logout"]');
    expect(skeleton.bootScript).not.toContain('</script');
  });
});
