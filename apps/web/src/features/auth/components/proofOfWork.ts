/**
 * The ALTCHA proof of work: the number n (0 ≤ n ≤ max) whose SHA-256 of `salt + n`, in hex, is the
 * challenge. Null when none is (an expired or forged challenge).
 */
export async function solveProofOfWork(salt: string, challenge: string, max: number): Promise<number | null> {
  const target = challenge.toLowerCase();
  const encoder = new TextEncoder();
  for (let n = 0; n <= max; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${salt}${n}`)));
    let hex = '';
    for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
    if (hex === target) return n;
  }
  return null;
}
