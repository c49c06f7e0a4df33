/**
 * The same rules for apps/web/src. swc (the parser of the main config) reads no JSX, so .tsx
 * files go through Babel's TypeScript preset and acorn instead; `import type` lines are
 * stripped on the way, so the web rules see value imports only.
 */
const base = require('../../.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  ...base,
  options: {
    ...base.options,
    parser: 'acorn',
    babelConfig: { fileName: 'tools/depcruise/babel.web.json' },
  },
};
