import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const contractsDir = new URL('../../../packages/contracts/src/', import.meta.url);

/** `const X = call(…)` or `export const X: T = a.b(…)…` at the start of a line of a contracts module. */
const declaration = /^((?:export )?const ([A-Za-z_$][\w$]*)(?::[^=\n]+)? = )(?=[A-Za-z_$][\w$.\s]*\()/gm;

/** The contracts' helpers that build a schema from their arguments. */
const schemaBuilders = ['texto', 'sinControl', 'condicional'];

/**
 * The contracts' schemas and schema helpers, as the bundler's pure functions: a call on one of
 * them (`IdSchema.optional()`, `Base.extend(…)`, `texto({ max: 50 })`) only builds a value. The web
 * app never calls anything of these names with another meaning (pure-schemas.test.ts keeps it so).
 */
export function contractSchemaNames(): string[] {
  const sources = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts')
    .map((file) => readFileSync(new URL(file, contractsDir), 'utf8'));
  return schemaNamesOf(sources);
}

/** The names contractSchemaNames gives, from the contracts' sources. */
export function schemaNamesOf(sources: readonly string[]): string[] {
  const names = new Set(schemaBuilders);
  for (const source of sources)
    for (const match of source.matchAll(declaration)) names.add(match[2] as string);
  return [...names].sort();
}

/**
 * Marks every module-level `const` of the contracts that is built by a call as pure, for the web
 * build. The contracts hold schemas and plain helpers side by side, and a chunk that needed one
 * helper of a module kept that module's schemas (and so zod with its Spanish error map, which
 * common.ts installs). A schema is a value: building one has no effect anywhere else (the
 * server's OpenAPI registry is not part of the web app), so an unused one can go.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'nexo-pure-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
      const out = code.replace(declaration, '$1/* @__PURE__ */ ');
      return out === code ? null : { code: out, map: null };
    },
  };
}
