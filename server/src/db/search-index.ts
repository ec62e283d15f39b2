import type Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { walSyncOf } from './wal-sync.js';

/**
 * The deferred search indexer of the SQLite store (ADR 0007, migration 0019). A write only appends the keys of
 * the rows it changed to `search_dirty`, in its own transaction; this indexes them later, in a transaction of
 * its own, for many writes at once (one FTS5 segment, the map's pages touched once):
 *
 * - `poke`, after a write commits: a drain within DRAIN_DELAY_MS (the index's lag is bounded by it);
 * - `drain`, before every read of the indexes (`GET /api/search`, `GET /api/notes?q=`) and at start-up (rows a
 *   crash left queued): everything queued is indexed, so a search sees every committed write, as before.
 *
 * For each queued key it does what the triggers of 0004 and 0010 did, from the row's current state: a row that
 * is gone loses its FTS row and its map entry; a row that is there gets a map entry (if it had none) and its
 * FTS row written again, or removed if it is a tombstone. So the indexes hold exactly what the triggers would
 * have left (the same title and body for the same rows: the same answers and bm25 ranking); only the FTS rowids,
 * which nothing compares, may be handed out in another order.
 *
 * The indexer's COMMIT does not sync the WAL (`synchronous=NORMAL`): a power cut can only lose the index rows
 * together with the removal of their queue rows (one transaction), which the next drain does again. It is not
 * counted by the WAL sync (wal-sync.ts): nothing that hands out versions reads the indexes, and the next synced
 * commit covers its frames anyway.
 */

/** The longest a changed row waits to be indexed when nothing reads the index meanwhile. */
export const DRAIN_DELAY_MS = 100;
/**
 * Queue rows indexed per transaction, with a turn of the event loop between two: a chunk is one synchronous block
 * (~5–15 ms of FTS5 work here), so a large backlog (a 1,000-task push, a start-up catch-up) never holds the loop
 * for long (issue 12's point 7: `blocking-work.test.ts`).
 */
export const DRAIN_CHUNK = 250;

const SEARCH_TYPES = "('task', 'event', 'habit', 'inbox')";
/** The indexed title and body of an entity row `e` (as migration 0010's triggers take them). */
const TITLE = `CASE e.type WHEN 'inbox' THEN json_extract(e.data, '$.text') ELSE json_extract(e.data, '$.title') END`;
const BODY = `CASE e.type
    WHEN 'inbox' THEN ''
    WHEN 'event' THEN coalesce(json_extract(e.data, '$.description'), '') || char(10) || coalesce(json_extract(e.data, '$.location'), '')
    ELSE coalesce(json_extract(e.data, '$.description'), '') END`;

/** The queued keys up to `@max`, once each. */
const KEYS = (types: string) => `(SELECT DISTINCT user_id, type, id FROM search_dirty WHERE seq <= @max AND type IN ${types})`;
const GONE = `NOT EXISTS (SELECT 1 FROM entities e WHERE e.user_id = d.user_id AND e.type = d.type AND e.id = d.id)`;
const THERE = `EXISTS (SELECT 1 FROM entities e WHERE e.user_id = d.user_id AND e.type = d.type AND e.id = d.id)`;

/** The statements of one drain of the queue rows up to `@max`, in order (also run by 0019's `down`). */
export function drainStatements(): string[] {
  const s = KEYS(SEARCH_TYPES);
  const n = KEYS("('note')");
  return [
    // Tasks, events, habits, inbox items (0010): unindex, forget gone rows, map new ones, index live ones.
    `DELETE FROM search_fts WHERE rowid IN (SELECT m.fts_rowid FROM ${s} d JOIN fts_search_ids m ON m.user_id = d.user_id AND m.type = d.type AND m.item_id = d.id)`,
    `DELETE FROM fts_search_ids WHERE fts_rowid IN (SELECT m.fts_rowid FROM ${s} d JOIN fts_search_ids m ON m.user_id = d.user_id AND m.type = d.type AND m.item_id = d.id WHERE ${GONE})`,
    `INSERT INTO fts_search_ids(user_id, type, item_id) SELECT d.user_id, d.type, d.id FROM ${s} d
      WHERE ${THERE} AND NOT EXISTS (SELECT 1 FROM fts_search_ids m WHERE m.user_id = d.user_id AND m.type = d.type AND m.item_id = d.id)`,
    `INSERT INTO search_fts(rowid, title, body) SELECT m.fts_rowid, ${TITLE}, ${BODY}
      FROM ${s} d JOIN entities e ON e.user_id = d.user_id AND e.type = d.type AND e.id = d.id
      JOIN fts_search_ids m ON m.user_id = d.user_id AND m.type = d.type AND m.item_id = d.id WHERE e.deleted = 0`,
    // Notes (0004), the same steps.
    `DELETE FROM notes_fts WHERE rowid IN (SELECT m.fts_rowid FROM ${n} d JOIN fts_note_ids m ON m.user_id = d.user_id AND m.note_id = d.id)`,
    `DELETE FROM fts_note_ids WHERE fts_rowid IN (SELECT m.fts_rowid FROM ${n} d JOIN fts_note_ids m ON m.user_id = d.user_id AND m.note_id = d.id WHERE ${GONE})`,
    `INSERT INTO fts_note_ids(user_id, note_id) SELECT d.user_id, d.id FROM ${n} d
      WHERE ${THERE} AND NOT EXISTS (SELECT 1 FROM fts_note_ids m WHERE m.user_id = d.user_id AND m.note_id = d.id)`,
    `INSERT INTO notes_fts(rowid, title, content) SELECT m.fts_rowid, json_extract(e.data, '$.title'), json_extract(e.data, '$.content')
      FROM ${n} d JOIN entities e ON e.user_id = d.user_id AND e.type = 'note' AND e.id = d.id
      JOIN fts_note_ids m ON m.user_id = d.user_id AND m.note_id = d.id WHERE e.deleted = 0`,
    `DELETE FROM search_dirty WHERE seq <= @max`,
  ];
}

type Prepared = { bound: Sqlite.Statement; steps: Sqlite.Statement[]; first: Sqlite.Statement };

export class SearchIndexer {
  private prepared: Prepared | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Queue rows indexed so far (tests and benches read it). */
  indexed = 0;
  /** How long `poke` waits (tests hold it back to see the readers drain). */
  delayMs = DRAIN_DELAY_MS;

  /** What a drain started by `poke` does with its error (its rows stay queued for the next drain). */
  onError: (err: unknown) => void = () => {};

  constructor(
    private readonly sqlite: Sqlite.Database,
    private readonly db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  ) {}

  /** A write has committed: index its rows within DRAIN_DELAY_MS. */
  poke(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drain().catch((err: unknown) => this.onError(err));
    }, this.delayMs);
    this.timer.unref();
  }

  /** Whether anything is queued (one indexed read; false before migration 0019 has run). */
  pending(): boolean {
    const prepared = this.prepare();
    if (!prepared) return false;
    try {
      return prepared.first.get() !== undefined;
    } catch (err) {
      // The queue is gone (a test migrated back below 0019): prepare again next time.
      if (!isNoSuchTable(err)) throw err;
      this.prepared = null;
      return false;
    }
  }

  /**
   * Index everything queued before the call. A run already going may have read its bounds before the caller's
   * rows were queued: it is waited for, then a run is started (or joined, if another caller started it since).
   */
  async drain(): Promise<void> {
    if (this.running) await this.running.catch(() => undefined);
    if (this.closed || !this.pending()) return;
    await (this.running ??= this.run().finally(() => (this.running = null)));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    for (;;) {
      // With the connection held, no other transaction is open on it: the chunk runs in its own.
      const more = await this.db.connection().execute(async () => this.closed ? false : this.chunk());
      if (!more) return;
      // Let requests and timers run between two chunks (an await alone only yields to microtasks).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** One transaction over the first DRAIN_CHUNK queue rows; answers whether rows are left. */
  private chunk(): boolean {
    const prepared = this.prepare();
    if (!prepared) return false;
    const bound = prepared.bound.get(DRAIN_CHUNK) as { max: number | null; rows: number };
    if (bound.max === null) return false;
    const walSync = walSyncOf(this.db);
    walSync?.relax();
    try {
      this.sqlite.transaction(() => {
        for (const step of prepared.steps) step.run({ max: bound.max });
      }).immediate();
    } finally {
      walSync?.restore();
    }
    this.indexed += bound.rows;
    return bound.rows >= DRAIN_CHUNK;
  }

  private prepare(): Prepared | null {
    if (this.prepared) return this.prepared;
    try {
      this.prepared = {
        first: this.sqlite.prepare('SELECT seq FROM search_dirty LIMIT 1').pluck(),
        bound: this.sqlite.prepare('SELECT max(seq) AS max, count(*) AS rows FROM (SELECT seq FROM search_dirty ORDER BY seq LIMIT ?)'),
        steps: drainStatements().map((s) => this.sqlite.prepare(s)),
      };
    } catch (err) {
      // Before migration 0019 (tests that migrate part of the way): no queue, the triggers index.
      if (isNoSuchTable(err)) return null;
      throw err;
    }
    return this.prepared;
  }
}

const isNoSuchTable = (err: unknown) => err instanceof Error && /no such table/.test(err.message);

const indexers = new WeakMap<object, SearchIndexer>();

export function attachSearchIndexer<DB>(db: Kysely<DB>, indexer: SearchIndexer): void {
  indexers.set(db, indexer);
}

/** The indexer of the SQLite database `db` was opened on (none on PostgreSQL, in a transaction, or elsewhere). */
export function searchIndexerOf(db: object): SearchIndexer | undefined {
  return indexers.get(db);
}

/** Before reading the search indexes: everything queued is indexed (nothing to do on PostgreSQL). */
export async function drainSearchIndex(db: object): Promise<void> {
  await searchIndexerOf(db)?.drain();
}
