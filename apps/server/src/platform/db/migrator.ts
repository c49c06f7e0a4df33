import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';

/**
 * Migrations are imported statically (not read from disk) so the same list works from
 * TypeScript sources in tests and from the compiled build. Add new files here, in order.
 * A migration is never edited after it lands.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`No se pudo migrar la base de datos: ${reason}`, { cause: error });
  }
}
