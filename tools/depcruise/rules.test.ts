import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

async function cruiseWithRules(paths: string[], baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(paths, {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text');
  return result.output;
}

const violationsOf = (result: ICruiseResult) =>
  result.summary.violations.map((v) => `${v.rule.name} (${v.rule.severity}): ${v.from} → ${v.to}`).sort();

/** A throwaway tree with one wrong import per rule, next to the allowed way of doing the same. */
const fixtures: Record<string, string> = {
  'apps/server/src/modules/alpha/index.ts': 'export const alpha = 1;\n',
  'apps/server/src/modules/alpha/alpha.repository.ts':
    'export interface AlphaRow { id: number }\nexport const rows = [];\n',
  'apps/server/src/modules/alpha/alpha.service.ts':
    "import { rows } from './alpha.repository.js';\nexport const count = rows.length;\n",
  'apps/server/src/platform/wrong.ts':
    "import { alpha } from '../modules/alpha/index.js';\nexport const wrong = alpha;\n",
  'apps/server/src/modules/beta/beta.service.ts': [
    "import { alpha } from '../alpha/index.js';",
    "import { rows } from '../alpha/alpha.repository.js';",
    'export const beta = [alpha, rows];',
    '',
  ].join('\n'),
  'apps/server/src/modules/beta/beta.types.ts':
    "import type { AlphaRow } from '../alpha/alpha.repository.js';\nexport type Beta = AlphaRow;\n",
  'apps/server/src/modules/beta/beta.service.test.ts':
    "import { rows } from '../alpha/alpha.repository.js';\nexport const t = rows;\n",
  'apps/server/src/modules.ts':
    "import { count } from './modules/alpha/alpha.service.js';\nexport const wired = count;\n",
  'packages/contracts/src/wrong.ts':
    "import { alpha } from '../../../apps/server/src/modules/alpha/index.js';\nexport const c = alpha;\n",
  'apps/web/src/app/shell.ts': 'export const shell = 1;\n',
  'apps/web/src/features/gamma/index.ts': "export { gammaPart } from './part.js';\n",
  'apps/web/src/features/gamma/part.ts': 'export const gammaPart = 1;\n',
  'apps/web/src/features/delta/page.ts': [
    "import { shell } from '../../app/shell.js';",
    "import { gammaPart } from '../gamma/part.js';",
    "import { gammaPart as fromIndex } from '../gamma/index.js';",
    'export const page = [shell, gammaPart, fromIndex];',
    '',
  ].join('\n'),
};

describe('import rules (.dependency-cruiser.cjs)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nexo-depcruise-'));
    for (const [file, source] of Object.entries(fixtures)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each forbidden import, and none of the allowed ones', async () => {
    const result = await cruiseWithRules(['apps', 'packages'], dir);
    expect(violationsOf(result)).toEqual(
      [
        'contracts-imports-app (error): packages/contracts/src/wrong.ts → apps/server/src/modules/alpha/index.ts',
        'server-module-internals (error): apps/server/src/modules/beta/beta.service.ts → apps/server/src/modules/alpha/alpha.repository.ts',
        'server-module-internals (error): apps/server/src/modules/beta/beta.types.ts → apps/server/src/modules/alpha/alpha.repository.ts',
        'server-platform-imports-module (error): apps/server/src/platform/wrong.ts → apps/server/src/modules/alpha/index.ts',
        'server-root-module-internals (error): apps/server/src/modules.ts → apps/server/src/modules/alpha/alpha.service.ts',
        'web-feature-imports-app (error): apps/web/src/features/delta/page.ts → apps/web/src/app/shell.ts',
        'web-feature-internals (error): apps/web/src/features/delta/page.ts → apps/web/src/features/gamma/part.ts',
      ].sort(),
    );
  });

  it('finds no server or contracts violation in the real tree', async () => {
    const result = await cruiseWithRules(['apps/server/src', 'packages/contracts/src'], root);
    expect(result.summary.totalCruised).toBeGreaterThan(100);
    expect(violationsOf(result)).toEqual([]);
  });
});
