import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Personal API tokens (perfil → Tokens de API): stored as SHA-256 of the secret, with the first
 * characters kept to tell them apart, their scopes, expiry, last use and the address of that use.
 * Revoked tokens keep their row (revoked_at) so the list and an audit can show them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const table =
    engineOf(db) === 'postgres'
      ? db.schema.createTable('api_tokens').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('api_tokens').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('inicio', 'text', (c) => c.notNull())
    .addColumn('alcances', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint)
    .addColumn('last_used_at', t.bigint)
    .addColumn('last_ip', 'text')
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema
    .createIndex('api_tokens_user')
    .on('api_tokens')
    .columns(['user_id', 'revoked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
