import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

/** Whether `redis-server` is installed; tests that need their own Redis skip without it. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  url: string;
  stop(): void;
}

/**
 * A private, non-persistent redis-server on a random port, so a test can share it between
 * instances without touching the CI's Redis. Resolves once it accepts connections.
 */
export async function startRedisServer(): Promise<TestRedis> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server: ChildProcess = spawn('redis-server', [
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
    '--bind',
    '127.0.0.1',
  ]);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server no arrancó')), 10_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => server.kill() };
}
