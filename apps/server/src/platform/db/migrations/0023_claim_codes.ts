import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Claim codes (issue 28): each inventory device gets one single-use code, printed on its label as
 * a QR. A user who types or scans it becomes the owner (within the licence). The row stays after
 * use (claimed_by, claimed_at) so a spent code answers 'ya fue usado' and the history shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('device_claim_codes')
    .addColumn('device_id', t.bigint, (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('codigo', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('claimed_by', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', t.bigint)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_claim_codes').execute();
}
