#!/usr/bin/env node
// The SDK tests against the real server: builds the Arduino library, its examples and tests with
// CMake (host shim, g++), starts tools/sdk/harness.ts (Nexo with embedded SQLite and broker on
// free ports), then runs ctest and the Python tests (Debian's /usr/bin/python3 with pytest).
//   node tools/sdk/run.mjs [arduino] [python]     (both by default)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wanted = process.argv.slice(2);
const runArduino = wanted.length === 0 || wanted.includes('arduino');
const runPython = wanted.length === 0 || wanted.includes('python');
const buildDir = path.join(root, 'sdk/arduino/build');
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  return result.status === 0;
}

function missing() {
  const lacks = [];
  if (runArduino) {
    if (spawnSync('cmake', ['--version']).status !== 0) lacks.push('cmake');
    if (spawnSync('g++', ['--version']).status !== 0) lacks.push('g++');
    if (!existsSync('/usr/include/gtest/gtest.h')) lacks.push('libgtest-dev');
  }
  if (runPython) {
    if (spawnSync(python, ['-c', 'import paho.mqtt.client']).status !== 0) lacks.push('python3-paho-mqtt');
    if (spawnSync(python, ['-c', 'import pytest']).status !== 0) lacks.push('python3-pytest');
  }
  return lacks;
}

function startHarness() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/sdk/harness.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`el harness no arrancó:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /NEXO_HARNESS_URL=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`el harness terminó (${code}):\n${output}`));
    });
  });
}

const lacks = missing();
if (lacks.length > 0) {
  console.error(
    `Faltan paquetes de Debian para los tests de los SDK: ${lacks.join(' ')}\n  apt-get install -y ${lacks.join(' ')}`,
  );
  process.exit(1);
}

const harness = startHarness();
harness.catch(() => {});
let ok = true;
try {
  if (runArduino) {
    ok =
      run('cmake', ['-S', 'sdk/arduino', '-B', buildDir, '--log-level=WARNING']) &&
      run('cmake', ['--build', buildDir, '-j2']);
  }
  const { child, url } = await harness;
  const env = { ...process.env, NEXO_HARNESS_URL: url };
  try {
    if (ok && runArduino) ok = run('ctest', ['--test-dir', buildDir, '--output-on-failure'], { env });
    if (ok && runPython)
      ok = run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'sdk/python/tests'], {
        env: { ...env, PYTHONDONTWRITEBYTECODE: '1' },
      });
  } finally {
    child.kill('SIGTERM');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  ok = false;
}
process.exit(ok ? 0 : 1);
