/** The executable to launch, `null` for Playwright's own, or `undefined` when there is none. */
export function findChromium(): string | null | undefined;
export const MISSING_CHROMIUM: string;
