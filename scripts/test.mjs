#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure:
// types, lint, unit + API + protocol tests (vitest), the device SDKs against the real server
// (tools/sdk/run.mjs: CMake + ctest for sdk/arduino, pytest for sdk/python and the MicroPython
// port), the production build, then Playwright.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, MISSING_CHROMIUM } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const steps = [
  ['tipos', 'npx', ['tsc', '-b']],
  ['lint', 'npm', ['run', 'lint']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['sdk', 'node', ['tools/sdk/run.mjs']],
  ['build web', 'npm', ['run', 'build', '-w', '@nexo/web']],
  ['playwright', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.includes(name.split(' ')[0])) continue;
  if (name === 'playwright' && findChromium() === undefined) {
    console.error(`\n✗ ${MISSING_CHROMIUM}`);
    process.exit(1);
  }
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} falló (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
