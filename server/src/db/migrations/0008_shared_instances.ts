import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 14, several instances on one PostgreSQL (docs/sync.md, "Several instances"): what one process used to
 * keep for itself is kept in the store, so every instance sees the same.
 * - `server_secrets`: secrets the server generates once, by name (`jwt`: the access-token signing key when
 *   `JWT_SECRET` is not set), written with INSERT … ON CONFLICT DO NOTHING and read back, so instances starting
 *   together agree on one. SQLite keeps its key in `DATA_DIR/jwt-secret` as before (one process per store).
 * - `write_buckets`: each user's write-rate token bucket (modules/sync/limits.ts), updated atomically by every
 *   instance. Losing it in a crash only forgives a debt, so on PostgreSQL it is UNLOGGED: its writes never wait
 *   for the WAL to reach the disk. SQLite keeps the buckets in memory and leaves the table empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await dialect
    .scratchTable(db.schema.createTable('write_buckets'))
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('at', dialect.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('write_buckets').ifExists().execute();
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
