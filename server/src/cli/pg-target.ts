import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';

/**
 * The PostgreSQL database migrate-store writes to. TEMPORARY until the PostgreSQL core lands
 * (`openPostgres(url)` in db/postgres.ts), which this then calls instead.
 */
export async function openTarget(url: string): Promise<Kysely<Database>> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query('select 1');
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}
