import type { Kysely } from 'kysely';

/**
 * The user's time zone (IANA name), used by scheduled events and programs and shown in the profile.
 * Null means the platform default (America/Argentina/Buenos_Aires, spec 2 §1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('zona_horaria', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('zona_horaria').execute();
}
