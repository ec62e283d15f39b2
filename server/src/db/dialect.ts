import { runShaped } from './compiled.js';
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { cutPageOfRows, cutPageSqlite, type CutPage, type PageQuery } from './joined-bytes.js';

/**
 * Everything that differs between the two stores, in one place (issue 14): the repositories, the engine and
 * the migrations ask `dialectOf(db)` instead of testing the store themselves. SQLite is the embedded default;
 * PostgreSQL is chosen by `DATABASE_URL`. Both run the same schema, the same queries through Kysely and the same
 * transaction rules (lib/transaction.ts): one user's writes are serialized by that user's `sync_user` row.
 */
export type StoreKind = 'sqlite' | 'postgres';

/** A database handle of any schema: a Kysely, a transaction or a connection. */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

/**
 * The kinds of advisory lock the server takes on PostgreSQL (the first key of the two-key form, so they never
 * meet another kind's or another program's locks): periodic jobs (lib/jobs.ts) and credential rate-limit keys
 * (plugins/rate-limit.ts).
 */
export type LockSpace = 'job' | 'limit';
const LOCK_SPACES: Record<LockSpace, number> = { job: 0x41444801, limit: 0x41444802 };

export interface Dialect {
  readonly kind: StoreKind;
  /** `greatest(a, b)` of two integers (SQLite spells it `max` with two arguments). */
  greatest(a: RawBuilder<unknown>, b: number): RawBuilder<number>;
  /**
   * Take the user's write lock inside a write transaction, before anything of the user is read. SQLite's
   * `BEGIN IMMEDIATE` already holds the database's write lock; PostgreSQL locks the user's `sync_user` row
   * (`FOR UPDATE`), so two instances writing for one user queue up, read each other's committed rows, and hand
   * out versions in commit order (design/sync.md §4). PostgreSQL answers the counters of the row it locked
   * (the lock's own `SELECT`: no second read), ensuring the row first when the user has none; SQLite reads
   * nothing and answers null.
   */
  lockUser(db: AnyDb, userId: string): Promise<LockedCounters | null>;
  /** The statement that checks a full-text query of the notes index (see `searchNotesSql`). */
  searchNotes(userId: string, words: string[], limit: number): RawBuilder<unknown>;
  /**
   * The statement of `GET /api/search` (migration 0010 and the notes index): the user's live rows of `types`
   * matching every word as a prefix, as `{ type, id, total }`, best match first (title weighed over body), at
   * most `limit`; `total` counts all matches (one statement: only `limit` rows leave the store).
   */
  search(userId: string, words: string[], types: readonly SearchIndexType[], limit: number): RawBuilder<SearchHit>;
  /**
   * One process owns the store and runs its statements one at a time (SQLite: the DATA_DIR claim and one
   * connection), so short-lived coordination (password checks in flight, write buckets) may stay in memory.
   * False on PostgreSQL: pooled connections run at once and several instances share the store, so such state
   * lives in the store (docs/sync.md, "Several instances").
   */
  readonly singleProcess: boolean;
  /**
   * A lock on `key` held until the running transaction ends (PostgreSQL `pg_advisory_xact_lock`, waiting for
   * it). SQLite needs none: its writes already run one at a time.
   */
  lockKey(db: AnyDb, space: LockSpace, key: string): Promise<void>;
  /**
   * Try to take a lock on `key` for the connection `db` (PostgreSQL `pg_try_advisory_lock`, held until
   * `unlockKey` or until the connection ends); answers whether it was taken. SQLite: always taken.
   */
  tryLockKey(db: AnyDb, space: LockSpace, key: string): Promise<boolean>;
  unlockKey(db: AnyDb, space: LockSpace, key: string): Promise<void>;
  /**
   * Tell the other instances (PostgreSQL `pg_notify`; their listening connections hear it once the sending
   * transaction commits). SQLite has no other instances: nothing is sent.
   */
  notify(db: AnyDb, channel: string, payload: string): Promise<void>;
  /**
   * A table whose rows may be lost in a crash (rate-limit buckets): PostgreSQL `UNLOGGED` (no WAL, so its
   * writes never wait for a flush to disk); an ordinary table on SQLite.
   */
  scratchTable<T extends CreateTableBuilder<string, never>>(table: T): T;
  /**
   * The pull's page in one statement (joined-bytes.ts): `WITH cut AS (query.cut)` (one row: `fetched`, `last`),
   * then the `query.column` text of each of `query.rows`, in order. SQLite joins the texts itself and answers
   * them as one BLOB; PostgreSQL answers a row per text.
   */
  cutPage(db: AnyDb, query: PageQuery): Promise<CutPage>;
  /**
   * A text value without its last character, which must be ASCII (a stored JSON object without its `}`).
   * SQLite cuts the bytes (`substr` of text counts characters, decoding the whole value twice).
   */
  dropLastChar(value: RawBuilder<unknown>): RawBuilder<string>;
  /** A text value as a JSON string literal (quotes and escapes), built by the store: `"a\\"b"`. */
  jsonQuote(value: RawBuilder<unknown>): RawBuilder<string>;
  /** Column types the migrations need: a 64-bit integer (milliseconds, byte totals). */
  readonly bigint: 'integer' | 'bigint';
  /** An integer primary key the store numbers itself (SQLite AUTOINCREMENT, a PostgreSQL identity column). */
  autoId(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

/** A hit of `search`, best first; `total` counts every match (the same on each row). */
export interface SearchHit {
  type: string;
  id: string;
  total: number | string;
}

/** The entity types `search` finds: notes from their own index (0002/0004), the others from 0010's. */
export type SearchIndexType = 'task' | 'note' | 'event' | 'habit' | 'inbox';

/** The two arms of `search`: the notes index and the 0010 index (narrowed to `types`), either may be absent. */
function searchArms(types: readonly SearchIndexType[], notes: RawBuilder<unknown>, others: (only: RawBuilder<unknown>) => RawBuilder<unknown>) {
  const rest = types.filter((t) => t !== 'note');
  const arms: RawBuilder<unknown>[] = [];
  if (rest.length) arms.push(others(sql`(${sql.join(rest)})`));
  if (types.includes('note')) arms.push(notes);
  return sql.join(arms, sql` UNION ALL `);
}

/** A user's `sync_user` counters as the lock read them. */
export interface LockedCounters {
  seq: number;
  bytes: number;
}

const NOTE_COLUMNS = sql.raw('e.type, e.id, e.data, e.parent_id, e.version, e.deleted, e.created_at, e.updated_at');

const sqlite: Dialect = {
  kind: 'sqlite',
  greatest: (a, b) => sql<number>`max(${a}, ${b})`,
  jsonQuote: (value) => sql<string>`json_quote(${value})`,
  cutPage: cutPageSqlite,
  dropLastChar: (value) => sql<string>`substr(CAST(${value} AS BLOB), 1, octet_length(${value}) - 1)`,
  lockUser: async () => null,
  singleProcess: true,
  lockKey: async () => {},
  tryLockKey: async () => true,
  unlockKey: async () => {},
  notify: async () => {},
  scratchTable: (table) => table,
  // FTS5 (migrations 0002/0004): each word a quoted prefix term, all required; bm25 weighs the title 10:1.
  searchNotes: (userId, words, limit) => {
    const match = words.map((w) => `"${w}"*`).join(' ');
    return sql`SELECT ${NOTE_COLUMNS}
      FROM notes_fts f
      JOIN fts_note_ids m ON m.fts_rowid = f.rowid
      JOIN entities e ON e.user_id = m.user_id AND e.type = 'note' AND e.id = m.note_id
      WHERE notes_fts MATCH ${match} AND m.user_id = ${userId} AND e.deleted = 0
      ORDER BY bm25(notes_fts, 10.0, 1.0) LIMIT ${limit}`;
  },
  // Both indexes weigh the title 10:1 with bm25 (lower is better); each index only holds live rows.
  search: (userId, words, types, limit) => {
    const match = words.map((w) => `"${w}"*`).join(' ');
    const arms = searchArms(
      types,
      sql`SELECT 'note' AS type, m.note_id AS id, bm25(notes_fts, 10.0, 1.0) AS score
        FROM notes_fts f JOIN fts_note_ids m ON m.fts_rowid = f.rowid
        WHERE notes_fts MATCH ${match} AND m.user_id = ${userId}`,
      (only) => sql`SELECT m.type AS type, m.item_id AS id, bm25(search_fts, 10.0, 1.0) AS score
        FROM search_fts f JOIN fts_search_ids m ON m.fts_rowid = f.rowid
        WHERE search_fts MATCH ${match} AND m.user_id = ${userId} AND m.type IN ${only}`,
    );
    return sql<SearchHit>`SELECT type, id, count(*) OVER () AS total FROM (${arms}) ORDER BY score, type, id LIMIT ${limit}`;
  },
  bigint: 'integer',
  autoId: (c) => c.primaryKey().autoIncrement(),
};

const postgres: Dialect = {
  kind: 'postgres',
  greatest: (a, b) => sql<number>`greatest(${a}, ${b})`,
  jsonQuote: (value) => sql<string>`to_json(${value})::text`,
  cutPage: cutPageOfRows,
  dropLastChar: (value) => sql<string>`left(${value}, -1)`,
  // One round trip when the row exists (every write but a user's first): lock and read it. Else ensure it and
  // lock it then (the insert's row is committed by a racing first write, or is this transaction's own).
  lockUser: async (db, userId) => {
    const lock = () =>
      runShaped<{ seq: string | number; bytes: string | number }>(db, 'lockUser.lock', [userId], () =>
        sql<{ seq: string | number; bytes: string | number }>`SELECT seq, bytes FROM sync_user WHERE user_id = ${userId} FOR UPDATE`.compile(db),
      );
    let { rows } = await lock();
    if (!rows[0]) {
      await runShaped(db, 'lockUser.ensure', [userId], () => sql`INSERT INTO sync_user (user_id, seq, min_version) VALUES (${userId}, 0, 0) ON CONFLICT DO NOTHING`.compile(db));
      ({ rows } = await lock());
    }
    const row = rows[0];
    if (!row) throw new Error('lockUser: no sync_user row');
    return { seq: Number(row.seq), bytes: Number(row.bytes) };
  },
  singleProcess: false,
  // hashtext folds the key to 32 bits: two keys that collide only share a lock (more waiting, never less).
  lockKey: async (db, space, key) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACES[space]}::int, hashtext(${key}))`.execute(db);
  },
  tryLockKey: async (db, space, key) => {
    const { rows } = await sql<{ taken: boolean }>`SELECT pg_try_advisory_lock(${LOCK_SPACES[space]}::int, hashtext(${key})) AS taken`.execute(db);
    return rows[0]?.taken === true;
  },
  unlockKey: async (db, space, key) => {
    await sql`SELECT pg_advisory_unlock(${LOCK_SPACES[space]}::int, hashtext(${key}))`.execute(db);
  },
  notify: async (db, channel, payload) => {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
  },
  scratchTable: (table) => table.modifyFront(sql`unlogged`) as typeof table,
  // tsvector with the `simple` configuration (migration 0004): each word a prefix term (`word:*`), all
  // required, folded like the index (lower case, accents removed); the title weighs more (weight A).
  searchNotes: (userId, words, limit) => {
    const query = words.map((w) => `${w}:*`).join(' & ');
    return sql`SELECT ${NOTE_COLUMNS}
      FROM notes_fts f
      JOIN entities e ON e.user_id = f.user_id AND e.type = 'note' AND e.id = f.note_id
      WHERE f.user_id = ${userId} AND f.doc @@ to_tsquery('simple', adhd_search_fold(${query})) AND e.deleted = 0
      ORDER BY ts_rank(f.doc, to_tsquery('simple', adhd_search_fold(${query})), 1) DESC, e.updated_at DESC LIMIT ${limit}`;
  },
  // Both indexes hold live rows only, title weight A and body B; ts_rank needs no corpus, so the arms compare.
  search: (userId, words, types, limit) => {
    const query = sql`to_tsquery('simple', adhd_search_fold(${words.map((w) => `${w}:*`).join(' & ')}))`;
    const arms = searchArms(
      types,
      sql`SELECT 'note' AS type, note_id AS id, ts_rank(doc, q, 1) AS score
        FROM notes_fts, ${query} q WHERE user_id = ${userId} AND doc @@ q`,
      (only) => sql`SELECT type, item_id AS id, ts_rank(doc, q, 1) AS score
        FROM search_fts, ${query} q WHERE user_id = ${userId} AND doc @@ q AND type IN ${only}`,
    );
    return sql<SearchHit>`SELECT type, id, count(*) OVER () AS total FROM (${arms}) s ORDER BY score DESC, type, id LIMIT ${limit}`;
  },
  bigint: 'bigint',
  autoId: (c) => c.primaryKey().generatedByDefaultAsIdentity(),
};

const kinds = new WeakMap<object, Dialect>();

/** The dialect of the store `db` runs on (remembered per adapter: the check costs nothing per query). */
export function dialectOf(db: AnyDb): Dialect {
  const adapter = db.getExecutor().adapter;
  let dialect = kinds.get(adapter);
  if (!dialect) kinds.set(adapter, (dialect = adapter instanceof PostgresAdapter ? postgres : sqlite));
  return dialect;
}

export function isPostgres(db: AnyDb): boolean {
  return dialectOf(db).kind === 'postgres';
}
