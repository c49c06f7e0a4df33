import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractSchemaNames } from './pure-schemas';

const webSrc = fileURLToPath(new URL('../src/', import.meta.url));

/** The web app's own sources (tests excepted). */
function webSources(): Array<[string, string]> {
  return (readdirSync(webSrc, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => [file, readFileSync(path.join(webSrc, file), 'utf8')]);
}

describe('the web build treats the contracts’ schemas as pure (build/pure-schemas.ts)', () => {
  const names = contractSchemaNames();

  it('finds the schemas and the helpers that build them', () => {
    expect(names).toEqual(expect.arrayContaining(['IdSchema', 'RealtimeEventSchema', 'texto', 'sinControl']));
  });

  // A call the bundler believes pure is dropped when its result is unused, so the web app's own
  // code must never make such a call for its effect: a statement that starts with one of these names.
  it('never calls one of those names for its effect in the web app', () => {
    const found: string[] = [];
    for (const [file, text] of webSources()) {
      for (const name of names) {
        const statement = new RegExp(
          `^\\s*(?:await\\s+|void\\s+)?${name.replace('$', '\\$')}(?:\\.[\\w$]+)*\\(`,
          'm',
        );
        if (statement.test(text)) found.push(`${file}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
