import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { engineOf } from './dialect.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0005 from './migrations/0005_history.js';
import * as m0006 from './migrations/0006_groups.js';
import * as m0007 from './migrations/0007_notifications.js';
import * as m0008 from './migrations/0008_push.js';
import * as m0009 from './migrations/0009_views.js';
import * as m0010 from './migrations/0010_user_time_zone.js';
import * as m0011 from './migrations/0011_support.js';
import * as m0015 from './migrations/0015_history_chunks.js';
import * as m0016 from './migrations/0016_automation.js';
import * as m0017 from './migrations/0017_events_programs.js';
import * as m0018 from './migrations/0018_shop.js';
import * as m0019 from './migrations/0019_admin.js';
import * as m0021 from './migrations/0021_api_tokens.js';
import * as m0022 from './migrations/0022_shop_checkout.js';
import * as m0023 from './migrations/0023_claim_codes.js';
import * as m0024 from './migrations/0024_firmware.js';

/**
 * Migrations are imported statically (not read from disk) so the same list works from
 * TypeScript sources in tests and from the compiled build. Add new files here, in order.
 * A migration is never edited after it lands.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0005_history': m0005,
  '0006_groups': m0006,
  '0007_notifications': m0007,
  '0008_push': m0008,
  '0009_views': m0009,
  '0010_user_time_zone': m0010,
  '0011_support': m0011,
  '0015_history_chunks': m0015,
  '0016_automation': m0016,
  '0017_events_programs': m0017,
  '0018_shop': m0018,
  '0019_admin': m0019,
  '0021_api_tokens': m0021,
  '0022_shop_checkout': m0022,
  '0023_claim_codes': m0023,
  '0024_firmware': m0024,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  // On PostgreSQL the migration tables are looked up in the connection's own schema: otherwise Kysely
  // sees another schema's lock table (parallel test schemas) and never creates its own.
  const migrationTableSchema =
    engineOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: new StaticProvider(),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely looks for its tables by listing every table of every schema in the database; a schema
  // dropped during that listing (another process's, e.g. parallel test schemas) fails it (3F000,
  // 42P01, 42703…) before any migration ran: then it answers an error without results. Nothing was
  // migrated, so it is asked again. A failed migration answers its results and is not retried.
  for (
    let attempt = 1;
    attempt < 8 && isBeforeMigrations(migrationTableSchema !== undefined, error, results);
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 50));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`No se pudo migrar la base de datos: ${reason}`, { cause: error });
  }
}

/** A failure on PostgreSQL before any migration ran (Kysely's checks of its own tables). */
function isBeforeMigrations(postgres: boolean, error: unknown, results: unknown): boolean {
  return postgres && error !== undefined && results === undefined;
}
