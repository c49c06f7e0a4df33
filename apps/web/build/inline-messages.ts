import type { Plugin } from 'vite';
import { mensajes } from '../../../packages/contracts/src/messages';

const importsCatalogue =
  /import\s*\{[^}]*\bmensajes\b[^}]*\}\s*from\s*['"](@nexo\/contracts|\.\/messages\.js)['"]/;
const declaresOwn = /\b(const|let|var)\s+mensajes\b/;
const reference = /(?<![\w$.])mensajes\.([A-Za-z_$][\w$]*)/g;

/**
 * Writes each `mensajes.clave` of the web app's code as its text, at build time. The message
 * catalogue (packages/contracts/src/messages.ts) is one object of about 600 texts and cannot be
 * tree-shaken; a screen that shows five of them would otherwise download all of them (7 KB Brotli
 * on /login). Once every reference in a chunk is a literal, the object is unused there and left
 * out. The source keeps referring to the catalogue: this is constant folding, not a second copy.
 * Only files that import `mensajes` from the contracts and declare no variable of that name are
 * touched; unknown keys and function-valued messages are left as they are, so type errors still
 * surface in `tsc` and `mensajes.f(n)` keeps working.
 */
export function inlineMessages(): Plugin {
  const catalogue = mensajes as Record<string, string>;
  return {
    name: 'nexo-inline-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || id.endsWith('/messages.ts')) return null;
      if (!importsCatalogue.test(code) || declaresOwn.test(code)) return null;
      let changed = false;
      const out = code.replace(reference, (whole, key: string) => {
        // Texts only: a message built by a function (mensajes.x(n)) stays a call on the catalogue.
        if (!Object.hasOwn(catalogue, key) || typeof catalogue[key] !== 'string') return whole;
        changed = true;
        return JSON.stringify(catalogue[key]);
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
