import type { HttpApp, PlatformContext } from './platform/context.js';

/**
 * The composition root of the domain modules: each module is built with exactly the
 * platform pieces and sibling services it needs, then registers its routes.
 */
export async function registerModules(
  _app: HttpApp,
  _ctx: PlatformContext,
  _options: { seedDemo: boolean },
): Promise<void> {}
