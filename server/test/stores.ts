import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../src/config.js';
import { isPostgres } from '../src/db/dialect.js';
import type { Database } from '../src/db/schema.js';

/**
 * Which store the test apps run on. The server and client-engine suites run twice in `npm test`: on SQLite (the
 * `server` and `client` projects) and on PostgreSQL (the `server-pg` and `client-pg` projects of
 * vitest.config.ts, which set `ADHD_TEST_STORE=postgres`). On PostgreSQL each test app gets a schema of its own
 * in the database of `TEST_DATABASE_URL` (a throwaway cluster: scripts/pg-throwaway.sh), dropped when it closes.
 */
export const TEST_STORE: 'sqlite' | 'postgres' = process.env.ADHD_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestStore {
  /** `DATABASE_URL` of the app: the test database with `search_path` set to the app's own schema. */
  url: string;
  drop(): Promise<void>;
}

let admin: pg.Pool | null = null;
let ready: Promise<void> | null = null;

function adminPool(): pg.Pool {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('ADHD_TEST_STORE=postgres needs TEST_DATABASE_URL (scripts/pg-throwaway.sh start DIR prints one)');
  admin ??= new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
  // Extensions are per database: create `unaccent` once, before any app's migration looks for it (parallel
  // test files would otherwise race to create it).
  ready ??= admin
    .query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public')
    .then(() => undefined)
    .catch(async () => {
      await admin!.query("SELECT 1 FROM pg_extension WHERE extname = 'unaccent'");
    });
  return admin;
}

/** `search_path` set through the connection string, which `pg` passes to the server as startup options. */
export function withSearchPath(url: string, schema: string): string {
  const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return `${url}${url.includes('?') ? '&' : '?'}${options}`;
}

/** A fresh, empty schema for one test app on PostgreSQL; null on SQLite (the app makes its own file). */
export async function testStore(): Promise<TestStore | null> {
  if (TEST_STORE !== 'postgres') return null;
  const pool = adminPool();
  await ready;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await pool.query(`CREATE SCHEMA ${schema}`);
  return {
    url: withSearchPath(process.env.TEST_DATABASE_URL!, schema),
    drop: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

/**
 * Make every insert into `table` fail (a fault injected by a test), on either store; answers the undo.
 * SQLite: a `RAISE(ABORT)` trigger; PostgreSQL: a trigger function that raises.
 */
export async function failInsertsInto(db: Kysely<Database>, table: string): Promise<() => Promise<void>> {
  const name = `fail_${table}`;
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE INSERT ON ${sql.raw(table)} FOR EACH ROW EXECUTE FUNCTION ${sql.raw(name)}()`.execute(db);
    return async () => {
      await sql`DROP TRIGGER ${sql.raw(name)} ON ${sql.raw(table)}`.execute(db);
      await sql`DROP FUNCTION ${sql.raw(name)}()`.execute(db);
    };
  }
  await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE INSERT ON ${sql.raw(table)} BEGIN SELECT RAISE(ABORT, 'crash'); END`.execute(db);
  return async () => {
    await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  };
}

/**
 * An operator's backup of a test app's store, and its restore (the app closed first): SQLite's `VACUUM INTO` and
 * a file copy over `app.sqlite`; PostgreSQL's `pg_dump` of the app's schema and `pg_restore` after dropping it.
 */
export async function backupStore(app: FastifyInstance, config: AppConfig): Promise<{ restore(): Promise<void> }> {
  const file = path.join(os.tmpdir(), `adhd-backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  if (app.dbKind === 'postgres') {
    const { base, schema } = splitSearchPath(config.databaseUrl!);
    await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${file}`, `--dbname=${base}`]);
    return {
      async restore() {
        await adminPool().query(`DROP SCHEMA ${schema} CASCADE`);
        await run('pg_restore', ['--exit-on-error', `--dbname=${base}`, file]);
        await rm(file, { force: true });
      },
    };
  }
  await sql`VACUUM INTO ${file}`.execute(app.db);
  return {
    async restore() {
      const db = path.join(config.dataDir, 'app.sqlite');
      for (const f of ['', '-wal', '-shm']) await rm(db + f, { force: true });
      await copyFile(file, db);
      await rm(file, { force: true });
    },
  };
}

/** The test database's URL and the app's schema, from an app URL made by `withSearchPath` (options come last). */
function splitSearchPath(url: string): { base: string; schema: string } {
  const m = /[?&]options=([^&]*)$/.exec(url);
  const schema = m ? /search_path=(\w+)/.exec(decodeURIComponent(m[1]!))?.[1] : undefined;
  if (!m || !schema) throw new Error('not a test store URL');
  return { base: url.slice(0, m.index), schema };
}

async function run(cmd: string, args: string[]): Promise<void> {
  await promisify(execFile)(cmd, args);
}
