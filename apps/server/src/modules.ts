import { createHistoryService } from './modules/history/index.js';
import type { HttpApp, PlatformContext } from './platform/context.js';

/**
 * The composition root of the domain modules: each module is built with exactly the
 * platform pieces and sibling services it needs, then registers its routes.
 */
export async function registerModules(
  app: HttpApp,
  ctx: PlatformContext,
  _options: { seedDemo: boolean },
): Promise<void> {
  // history (F): readings + rollups; devices (sensor deletion) and telemetry (ingest) receive it.
  const history = createHistoryService({ db: ctx.db, log: ctx.log, config: ctx.config });
  history.startRetention();
  app.addHook('onClose', async () => history.stopRetention());
}
