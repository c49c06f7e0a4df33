import { readFileSync } from 'node:fs';

/**
 * Every MQTT device and every browser holds a socket, one file descriptor each. Node raises its
 * soft limit on open files to the hard limit when it starts; this reads what it got (Linux), so
 * the start-up log says how many connections the node can hold. null where it cannot be read.
 */
export function openFilesLimit(): number | null {
  try {
    const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!match?.[1]) return null;
    return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
  } catch {
    return null;
  }
}

/** Below this, a node cannot hold the 10,000 devices and 1,000 browsers it is sized for. */
export const RECOMMENDED_OPEN_FILES = 16_384;
