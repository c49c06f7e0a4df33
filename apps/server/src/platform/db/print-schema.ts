/**
 * `npm run db:generate` (a development tool, not used by the server): prints the schema the
 * committed migrations produce, as the SQL of a fresh in-memory SQLite database (tables, then
 * indexes), so a change to `platform/db/schema.ts` (the hand-written Kysely types) can be checked
 * against what the migrations really create. It never touches a real database (DATABASE_URL is ignored): PostgreSQL gets the same tables from
 * the same migrations, with the engine differences of platform/db/dialect.ts.
 */
import { sql } from 'kysely';
import { createDb } from './client.js';
import { migrateToLatest } from './migrator.js';

async function printSqlite(): Promise<void> {
  const db = createDb({ sqliteFile: ':memory:' });
  await migrateToLatest(db);
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master
    where sql is not null and name not like 'sqlite_%' and name not like 'kysely_%'
    order by case type when 'table' then 0 else 1 end, tbl_name, name`.execute(db);
  for (const row of rows) console.log(`${row.sql};\n`);
  await db.destroy();
}

await printSqlite();
