import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const webPackage = Object.values(
  import.meta.glob<string>('../package.json', { query: '?raw', import: 'default', eager: true }),
)[0];

/** A statement at the top of a module that runs on import: a call, a guard, a global write. */
const topLevelEffect = /^(?:[A-Za-z_$][\w$.]*\(|if\b|void\b|(?:window|document|globalThis)\.)/m;
/** Template literals: code a module writes for others (a sketch's `void setup() {`) runs nothing here. */
const templateLiteral = /`(?:\\[\s\S]|[^`\\])*`/g;

describe('package.json sideEffects', () => {
  // The bundler drops an unused re-export (a feature's index.ts) together with everything only it
  // reaches, so the login does not download the dashboards; a module whose import must run code
  // (echarts registration, listeners) has to be listed or its code may be dropped.
  it('lists every module that runs code when imported', () => {
    const listed: string[] = JSON.parse(webPackage ?? '{}').sideEffects;
    const withEffects = Object.entries(sources)
      .filter(([, text]) => topLevelEffect.test(text.replace(templateLiteral, '``')))
      .map(([file]) => `./src/${file.slice(2)}`);
    expect(withEffects.length).toBeGreaterThan(0);
    expect(withEffects.filter((file) => !listed.includes(file))).toEqual([]);
  });
});
