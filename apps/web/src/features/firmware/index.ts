// firmware: over-the-air updates (server module firmware, docs/ota.md). The page /home/firmware lists
// packages and rollouts with each device's live progress. Others use `firmwareRoutes` (router).

export { firmwareRoutes } from './routes';
