#!/usr/bin/env node
// `npm start`: installs dependencies on a fresh clone, builds what is stale, and runs Nexo
// on embedded defaults (SQLite, in-process MQTT broker, demo data and a simulated device).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  run('npm', [existsSync('package-lock.json') ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

// tsc -b is incremental: it only rebuilds what changed.
run('npx', ['tsc', '-b']);

const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/contracts/src')),
  statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
);
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) {
  run('npm', ['run', 'build', '-w', '@nexo/web']);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
