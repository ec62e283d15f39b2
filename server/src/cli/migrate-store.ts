import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { claimDataDir } from '../db/data-dir.js';
import type { Database } from '../db/schema.js';
import { migrateToLatest, openSqlite } from '../plugins/db.js';
import { CliError, parseCliOptions, type CliIo } from './io.js';
import { openTarget } from './pg-target.js';
import { copiedTableNames, copyTables, nonEmptyTables, planTables, postgresSum, sqliteSum, type TablePlan } from './store-copy.js';

/**
 * `npm run migrate-store -- --to postgres://…`: moves a SQLite installation into an empty PostgreSQL database
 * (docs/operations.md, "Moving from SQLite to PostgreSQL").
 *
 * 1. Claims DATA_DIR like the server does, so the server must be stopped (a copy must not miss writes), and
 *    brings the SQLite file to the latest migration (what starting this version would do).
 * 2. Refuses a target that already holds data: exit 1, nothing written.
 * 3. Runs the migrations on the target and copies every table in foreign-key order, in batches, in one
 *    PostgreSQL transaction; ids, versions, counters, mutation ids and epochs are kept, sequences moved on.
 * 4. Verifies every table on both sides (row count and SHA-256 of the rows in key order) and prints them.
 */

export interface MigrateStoreOptions {
  dataDir: string;
  to: string;
  io: CliIo;
}

export interface TableCheck {
  table: string;
  sqlite: { rows: number; sha256: string };
  postgres: { rows: number; sha256: string };
  ok: boolean;
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/** Compares every planned table on both sides. */
export async function verifyTables(source: Sqlite.Database, pg: Kysely<Database>, plans: TablePlan[]): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const plan of plans) {
    const a = sqliteSum(source, plan);
    const b = await postgresSum(pg, plan);
    checks.push({ table: plan.name, sqlite: a, postgres: b, ok: a.rows === b.rows && a.sha256 === b.sha256 });
  }
  return checks;
}

function printChecks(io: CliIo, checks: TableCheck[]): void {
  const width = Math.max(5, ...checks.map((c) => c.table.length));
  io.print(`${'table'.padEnd(width)}  ${'sqlite rows'.padStart(11)}  ${'pg rows'.padStart(11)}  sha256 (sqlite / postgres)`);
  for (const c of checks) {
    const sums = c.sqlite.sha256 === c.postgres.sha256 ? c.sqlite.sha256.slice(0, 16) : `${c.sqlite.sha256.slice(0, 16)} / ${c.postgres.sha256.slice(0, 16)}`;
    io.print(`${c.table.padEnd(width)}  ${String(c.sqlite.rows).padStart(11)}  ${String(c.postgres.rows).padStart(11)}  ${sums}  ${c.ok ? 'ok' : 'DIFFERENT'}`);
  }
}

/** Brings the SQLite file to the latest migration, as starting the server would. */
async function migrateSource(file: string): Promise<void> {
  const { db } = openSqlite(file);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** The whole move; throws a CliError the operator can act on. Answers the per-table checks (all ok). */
export async function migrateStore({ dataDir, to, io }: MigrateStoreOptions): Promise<TableCheck[]> {
  const file = path.join(dataDir, 'app.sqlite');
  if (!existsSync(file)) throw new CliError(`There is no database at ${file}: give the server's data folder with --data-dir (or DATA_DIR).`);
  let claim;
  try {
    claim = claimDataDir(dataDir);
  } catch (err) {
    throw new CliError(`${(err as Error).message} The store is moved with the server stopped, so that no write is left behind.`, { cause: err });
  }
  let pg: Kysely<Database> | undefined;
  let source: Sqlite.Database | undefined;
  try {
    await migrateSource(file);
    source = new Sqlite(file, { readonly: true, fileMustExist: true });
    try {
      pg = await openTarget(to);
    } catch (err) {
      throw new CliError(`Cannot connect to ${redactUrl(to)}: ${(err as Error).message}`, { cause: err });
    }
    // Before the migrations touch it: a database that already holds this app's data is refused as it is.
    const tableNames = copiedTableNames(source);
    const refuse = (found: string[]) =>
      new CliError(`The target database is not empty: ${found.join(', ')} already hold rows. migrate-store copies into an empty database only; create a new one (createdb) and give its URL.`);
    let found = await nonEmptyTables(pg, tableNames);
    if (found.length) throw refuse(found);
    io.print(`Migrating the schema of ${redactUrl(to)}…`);
    await migrateToLatest(pg);
    const plans = await planTables(source, pg);
    found = await nonEmptyTables(pg, plans.map((p) => p.name));
    if (found.length) throw refuse(found);

    io.print(`Copying ${plans.length} tables from ${file}…`);
    const copied = await pg.transaction().execute((trx) =>
      copyTables(source!, trx, plans, () => {
        // Batches are quick; the per-table line below is enough progress.
      }),
    );
    for (const [table, rows] of copied) io.print(`  ${table}: ${rows} rows`);

    io.print('Verifying every table on both sides…');
    const checks = await verifyTables(source, pg, plans);
    printChecks(io, checks);
    const bad = checks.filter((c) => !c.ok);
    if (bad.length) {
      throw new CliError(
        `Verification FAILED for ${bad.map((c) => c.table).join(', ')}: the PostgreSQL copy differs from the SQLite store. Do not start the server on it; ` +
          'drop that database, and report the problem. The SQLite store was not changed.',
      );
    }
    await carrySigningKey(dataDir, pg, io);
    return checks;
  } finally {
    source?.close();
    await pg?.destroy();
    claim.release();
  }
}

/**
 * The SQLite store's signing key (`DATA_DIR/jwt-secret`) becomes the PostgreSQL store's shared key
 * (`server_secrets.jwt`, which every instance reads when `JWT_SECRET` is unset), so devices stay signed in.
 */
async function carrySigningKey(dataDir: string, pg: Kysely<Database>, io: CliIo): Promise<void> {
  if (await carrySecret(dataDir, 'jwt-secret', 'jwt', pg)) {
    io.print('The signing key in DATA_DIR/jwt-secret now lives in the database too: signed-in devices stay signed in.');
  }
  // The key that seals stored Google tokens (docs/google-calendar.md), read by every instance when TOKEN_ENCRYPTION_KEY is unset.
  if (await carrySecret(dataDir, 'token-key', 'token-key', pg)) {
    io.print('The token encryption key in DATA_DIR/token-key now lives in the database too: Google Calendar connections keep working.');
  }
}

async function carrySecret(dataDir: string, file: string, name: string, pg: Kysely<Database>): Promise<boolean> {
  const full = path.join(dataDir, file);
  if (!existsSync(full)) return false;
  const value = readFileSync(full, 'utf8').trim();
  if (!value) return false;
  await pg.insertInto('server_secrets').values({ name, value, created_at: new Date().toISOString() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return true;
}

const USAGE = 'Usage: npm run migrate-store -- --to postgres://user:password@host:5432/db [--data-dir DIR]';

/** The `migrate-store` command: answers the exit code. */
export async function migrateStoreCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const values = parseCliOptions(argv, ['to'], USAGE, io);
  if (typeof values === 'number') return values;
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    io.error(`--to must be a postgres:// URL of an empty database.\n${USAGE}`);
    return 2;
  }
  const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  try {
    await migrateStore({ dataDir, to: values.to, io });
    io.print(`Done: the store of ${dataDir} is in ${redactUrl(values.to)}. Start the server with DATABASE_URL set to it (and the same DATA_DIR).`);
    return 0;
  } catch (err) {
    io.error(err instanceof CliError ? err.message : `migrate-store failed: ${(err as Error).message}`);
    return 1;
  }
}
