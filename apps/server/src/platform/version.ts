import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The server's version (apps/server/package.json), read once; '0.0.0' when it cannot be read. */
export function serverVersion(): string {
  if (cached) return cached;
  try {
    // Same relative place from src/ (tests) and dist/ (build): apps/server/package.json.
    const file = new URL('../../package.json', import.meta.url);
    cached = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    cached = '0.0.0';
  }
  return cached;
}
