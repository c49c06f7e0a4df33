import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./scale.bench.ts', import.meta.url));

/**
 * bench:scale at a small size (100 devices, 10 browsers), so the benchmark keeps working. It
 * checks what it reports, never how fast: the figures are the benchmark's business.
 */
describe('bench:scale (small)', () => {
  it('connects every device and browser, delivers every reading and stores every acknowledged one', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: {
        ...process.env,
        BENCH_DEVICES: '100',
        BENCH_BROWSERS: '10',
        BENCH_STEADY_SECONDS: '3',
        BENCH_BURST_SECONDS: '3',
        BENCH_PEER: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    const last = output.trim().split('\n').at(-1) ?? '';
    const figures = JSON.parse(last) as Record<string, unknown>;
    expect(figures).toMatchObject({
      bench: 'scale',
      devices: 100,
      browsers: 10,
      refused: 0,
      undelivered: 0,
      stored_equals_acked: true,
    });
    expect(figures.acked).toBe(figures.stored);
  }, 180_000);
});
