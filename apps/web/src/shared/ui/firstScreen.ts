/**
 * The first screen of a page load with a session is the frame's skeleton, drawn from the first
 * script (app/layout/FrameSkeleton.tsx). The frame's and the page's code is requested once that
 * screen has painted, so that downloading it never holds the first paint back: on a slow phone
 * the skeleton shows as soon as the first script has run (docs/performance.md, issue 26,
 * session 12). Only the page load's first navigation waits: the router ends the wait when it is
 * ready (router.tsx), so a navigation after logging in never does.
 */

let resolveDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  resolveDrawn = resolve;
});
let settled = false;

/** Called by the skeleton once it is on screen (from an effect): resolves after that frame's paint. */
export function markFirstScreenDrawn(): void {
  requestAnimationFrame(() => setTimeout(endFirstScreen, 0));
}

/** The first navigation is over (or the skeleton painted): nothing waits from now on. */
export function endFirstScreen(): void {
  settled = true;
  resolveDrawn();
}

/** How long a load waits for the skeleton at most, should it not be drawn at all. */
const MAX_WAIT_MS = 1_000;

/** Resolves once the first screen has painted; at once after the page load's first navigation. */
export function afterFirstScreen(): Promise<void> {
  if (settled) return drawn;
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}
