import { createHash } from 'node:crypto';
import type Sqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { CliError } from './io.js';

/**
 * The table-by-table half of `npm run migrate-store` (docs/operations.md): which tables to copy and in which
 * order, the copy itself, and a checksum of a table that comes out the same from SQLite and from PostgreSQL.
 * Both sides are read as they are, through their catalogues, so a table or column added by a later migration is
 * copied and checked without touching this file.
 */

/**
 * What only SQLite has: its own full-text indexes (FTS5 and their id maps) and the queue of rows they have yet to
 * index (0019), rebuilt by PostgreSQL its own way.
 */
const SQLITE_DERIVED = /^((notes|search)_fts($|_)|fts_(note|search)_ids$|search_dirty$)/;
/** The migrator's bookkeeping: the target has its own, written when its migrations ran. */
const MIGRATOR = /^kysely_migration/;
/**
 * What only several PostgreSQL instances use (migration 0008): the shared signing key, which migrate-store
 * fills from `DATA_DIR/jwt-secret` after the copy, and the write-rate buckets, which start full.
 */
const INSTANCE_STATE = /^(server_secrets|write_buckets)$/;

/** A PostgreSQL column as the copy and the checksum need it. */
export interface TargetColumn {
  name: string;
  /** information_schema `data_type`: `integer`, `bigint`, `text`, `jsonb`, `boolean`, `timestamp with time zone`… */
  type: string;
  /** Generated (e.g. a tsvector kept from the data): never written, never compared. */
  generated: boolean;
  /** `ALWAYS` identity columns need OVERRIDING SYSTEM VALUE to take the copied ids. */
  identityAlways: boolean;
}

export interface TablePlan {
  name: string;
  /** The copied columns: SQLite's, all present on the target. */
  columns: string[];
  /** Primary-key columns in key order (SQLite's rowid when the table has none). */
  key: string[];
  target: Map<string, TargetColumn>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are named at run time
type AnyDb = Kysely<any>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The PostgreSQL tables of the current schema with their columns. */
async function targetTables(pg: AnyDb): Promise<Map<string, Map<string, TargetColumn>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_generated: string; identity_generation: string | null }>`
    select c.table_name, c.column_name, c.data_type, c.is_generated, c.identity_generation
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(pg);
  const tables = new Map<string, Map<string, TargetColumn>>();
  for (const r of rows) {
    const columns = tables.get(r.table_name) ?? new Map<string, TargetColumn>();
    tables.set(r.table_name, columns);
    columns.set(r.column_name, { name: r.column_name, type: r.data_type, generated: r.is_generated === 'ALWAYS', identityAlways: r.identity_generation === 'ALWAYS' });
  }
  return tables;
}

/** The SQLite tables that hold data to copy: all but SQLite's own, the migrator's and the FTS5 index. */
export function copiedTableNames(source: Sqlite.Database): string[] {
  const names = source
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name")
    .pluck()
    .all() as string[];
  return names.filter((n) => !SQLITE_DERIVED.test(n) && !MIGRATOR.test(n) && !INSTANCE_STATE.test(n));
}

/**
 * The tables to copy, parents before children (SQLite's foreign keys), each with its columns and key. Fails
 * when SQLite has a table or column the migrated target lacks: nothing may be left behind silently.
 */
export async function planTables(source: Sqlite.Database, pg: AnyDb): Promise<TablePlan[]> {
  const copied = copiedTableNames(source);
  const target = await targetTables(pg);
  const plans = new Map<string, TablePlan>();
  for (const name of copied) {
    const columns = target.get(name);
    if (!columns) throw new CliError(`Table ${name} exists in the SQLite store but not in PostgreSQL after its migrations: this version cannot move it.`);
    const info = source.prepare(`pragma table_info(${quote(name)})`).all() as { name: string; pk: number }[];
    const missing = info.filter((c) => !columns.has(c.name) || columns.get(c.name)!.generated).map((c) => c.name);
    if (missing.length) throw new CliError(`Columns ${missing.join(', ')} of table ${name} have no place in PostgreSQL: this version cannot move them.`);
    const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    if (key.length === 0) throw new CliError(`Table ${name} has no primary key: its rows cannot be compared.`);
    plans.set(name, { name, columns: info.map((c) => c.name), key, target: columns });
  }
  // Parents first: a depth-first walk over each table's referenced tables, in name order for a stable plan.
  const ordered: TablePlan[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done' || !plans.has(name)) return;
    if (state.get(name) === 'visiting') throw new CliError(`Tables reference each other in a cycle through ${name}.`);
    state.set(name, 'visiting');
    const refs = source.prepare(`pragma foreign_key_list(${quote(name)})`).all() as { table: string }[];
    for (const parent of [...new Set(refs.map((r) => r.table))].sort()) if (parent !== name) visit(parent);
    state.set(name, 'done');
    ordered.push(plans.get(name)!);
  };
  for (const name of [...plans.keys()]) visit(name);
  return ordered;
}

/** The tables of the plan that already hold rows on the target (`epochs` aside: see copyTables). */
export async function nonEmptyTables(pg: AnyDb, tables: string[]): Promise<string[]> {
  const existing = await targetTables(pg);
  const found: string[] = [];
  for (const name of tables) {
    if (name === 'epochs' || !existing.has(name)) continue;
    const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(name)} limit 1`.execute(pg);
    if (rows.length) found.push(name);
  }
  return found;
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.min(1_000, Math.floor(60_000 / columns)));
/** An INSERT is also sent once its values reach this many bytes of text (notes can be large). */
const BYTES_PER_INSERT = 8 * 1024 * 1024;

/** A SQLite value as the target column takes it: 0/1 for a boolean column, everything else as it is. */
function toTarget(value: unknown, column: TargetColumn): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'boolean') return Number(value) !== 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * Copies every planned table from SQLite into PostgreSQL inside `trx` (one transaction: a failure leaves the
 * target as it was), keeping every id and counter, then moves each sequence or identity past the copied ids.
 * `epochs` is emptied first: a PostgreSQL server started once before the move may have added its own, and the
 * copied ones are what the devices' cursors carry. Answers the rows copied per table.
 */
export async function copyTables(source: Sqlite.Database, trx: AnyDb, plans: TablePlan[], progress: (table: string, rows: number) => void): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  await sql`delete from epochs`.execute(trx);
  for (const plan of plans) {
    const cols = plan.columns.map((c) => plan.target.get(c)!);
    const overriding = cols.some((c) => c.identityAlways) ? sql` overriding system value` : sql``;
    const head = sql`insert into ${sql.table(plan.name)} (${sql.join(plan.columns.map((c) => sql.ref(c)))})${overriding} values `;
    const maxRows = rowsPerInsert(cols.length);
    let batch: unknown[][] = [];
    let bytes = 0;
    let count = 0;
    const flush = async () => {
      if (!batch.length) return;
      await sql`${head}${sql.join(batch.map((row) => sql`(${sql.join(row)})`))}`.execute(trx);
      count += batch.length;
      progress(plan.name, count);
      batch = [];
      bytes = 0;
    };
    const select = source.prepare(`select ${plan.columns.map(quote).join(', ')} from ${quote(plan.name)} order by ${plan.key.map(quote).join(', ')}`).raw();
    for (const row of select.iterate() as Iterable<unknown[]>) {
      batch.push(row.map((v, i) => toTarget(v, cols[i]!)));
      for (const v of row) if (typeof v === 'string') bytes += v.length;
      if (batch.length >= maxRows || bytes >= BYTES_PER_INSERT) await flush();
    }
    await flush();
    copied.set(plan.name, count);
    // Sequences (serial) and identities continue after the largest copied id.
    for (const col of plan.columns) {
      const { rows } = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${quote(plan.name)}, ${col}) as seq`.execute(trx);
      const seq = rows[0]?.seq;
      if (seq) await sql`select setval(${seq}, coalesce((select max(${sql.ref(col)}) from ${sql.table(plan.name)}), 0) + 1, false)`.execute(trx);
    }
  }
  return copied;
}

/** JSON with object keys sorted: jsonb keeps its own key order and spacing, so both sides are rewritten. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const NUMERIC = /^(smallint|integer|bigint|numeric|real|double precision)$/;

/**
 * One value as both stores agree on it, by the target column's type: numbers as numbers (PostgreSQL answers
 * bigint as text), booleans as 0/1, JSON canonical, timestamps as ISO text, bytes as base64, text as text.
 */
export function canonicalValue(value: unknown, column: TargetColumn): unknown {
  if (value === null || value === undefined) return null;
  if (NUMERIC.test(column.type)) return Number(value);
  if (column.type === 'boolean') return value === true || Number(value) === 1 ? 1 : 0;
  if (column.type === 'json' || column.type === 'jsonb') return canonicalJson(typeof value === 'string' ? JSON.parse(value) : value);
  if (column.type.startsWith('timestamp')) return (value instanceof Date ? value : new Date(String(value))).toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return typeof value === 'bigint' ? Number(value) : value;
}

export interface TableSum {
  rows: number;
  sha256: string;
}

/** Row count and SHA-256 of the SQLite table's rows in key order (byte order for text, as PostgreSQL's "C"). */
export function sqliteSum(source: Sqlite.Database, plan: TablePlan): TableSum {
  const cols = plan.columns.map((c) => plan.target.get(c)!);
  const hash = createHash('sha256');
  let rows = 0;
  const select = source.prepare(`select ${plan.columns.map(quote).join(', ')} from ${quote(plan.name)} order by ${plan.key.map(quote).join(', ')}`).raw();
  for (const row of select.iterate() as Iterable<unknown[]>) {
    hash.update(`${JSON.stringify(row.map((v, i) => canonicalValue(v, cols[i]!)))}\n`);
    rows++;
  }
  return { rows, sha256: hash.digest('hex') };
}

/** The same over the PostgreSQL table, read through a cursor in batches so a large table never sits in memory. */
export async function postgresSum(pg: AnyDb, plan: TablePlan): Promise<TableSum> {
  const cols = plan.columns.map((c) => plan.target.get(c)!);
  const order = plan.key.map((k) => (plan.target.get(k)!.type === 'text' ? `${quote(k)} collate "C"` : quote(k))).join(', ');
  const query = `select ${plan.columns.map(quote).join(', ')} from ${quote(plan.name)} order by ${order}`;
  return pg.transaction().execute(async (trx) => {
    await sql`declare store_sum no scroll cursor for ${sql.raw(query)}`.execute(trx);
    const hash = createHash('sha256');
    let rows = 0;
    for (;;) {
      const page = await sql<Record<string, unknown>>`fetch 2000 from store_sum`.execute(trx);
      for (const row of page.rows) {
        hash.update(`${JSON.stringify(plan.columns.map((c, i) => canonicalValue(row[c], cols[i]!)))}\n`);
        rows++;
      }
      if (page.rows.length < 2000) break;
    }
    await sql`close store_sum`.execute(trx);
    return { rows, sha256: hash.digest('hex') };
  });
}
