import Dexie, { type ObservabilitySet, type Table } from 'dexie';
import { whenIdle } from '../lib/idle';
import { decodeInSlices } from './decode-slices';
import { keysOf, sameValue } from './change-keys';
import type { AppDatabase, LocalRow } from './database';
import { LiveIndex, type IndexKeys } from './live-index';
import { isOwnPull, onPulled } from './pull-events';
import { changesSince, type EarlyRead } from './stored-texts';

/**
 * One table of the signed-in user's database, decoded and kept in memory, the way every screen reads it
 * (client/src/db/README.md, "Reading"). After a local write (`mutate`, also from another tab) only the rows
 * whose keys Dexie reports as changed are read again, not the whole table (a full read of 10k tasks costs
 * ~140 ms and would follow every checkbox click); a pull page of this tab hands its rows over in memory
 * (pull-events.ts). A row whose content did not change keeps its object, so memoised screens do not render it
 * again. Derived indexes (`index()`) follow the same changes.
 */
export interface LiveTableSpec<T> {
  /** The Dexie table (`tasks`, `habitDays`…). */
  table: string;
  /** A stored row as the screens see it; null leaves it out (db/entity-rows.ts). */
  decode: (row: LocalRow) => T | null;
  /** At start-up, the rows public/early.js has read already as their stored JSON texts (lib/early.ts), if it read this table. */
  early?: (db: AppDatabase) => Promise<readonly string[] | null> | null;
  /** Resolves when the first read may start (a table whose rows are needed after another's first paint). */
  startAfter?: (db: AppDatabase) => Promise<void>;
}

/** What a live table (or a view over tables) hands to screens: its rows, and whether a pull brought the change. */
export interface LiveSnapshot<T> {
  readonly items: T[];
  /** The change came from a pull page: a screen may render it as a transition (use-live.ts). */
  readonly fromPull: boolean;
}

export interface LiveSource<T> {
  get(): LiveSnapshot<T> | undefined;
  subscribe(listener: () => void): () => void;
}

const RECONCILE_DELAY_MS = 2000;
/** A pulled page of this many rows or more is a bulk page (see `pulled`). */
const BULK_ROWS = 500;
const BULK_PUBLISH_MS = 1000;

export class LiveTable<T> implements LiveSource<T> {
  private rows = new Map<string, T>();
  private snapshot: LiveSnapshot<T> | undefined = undefined;
  /** Published and not yet read: the snapshot is made when first asked for (nobody lists a habit's 12k days). */
  private published: { fromPull: boolean } | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly indexes: LiveIndex<T>[] = [];
  private pending: Promise<void>;
  /** A full read is queued and has not started: later changes are covered by it (a pull writes pages fast). */
  private reloadQueued = false;
  /** The first read has not finished. */
  private loadingFirst = true;
  private lastBulkPublish = -Infinity;
  /** The start-up read's texts until the reconcile compares the stored rows with them; ids changed in memory since. */
  private earlyRead: (EarlyRead & { touched: Set<string> }) | null = null;
  private bulkTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly part: string;
  private readonly offPulled: () => void;
  private readonly onMutated = (parts: ObservabilitySet) => {
    const changed = parts[this.part];
    // A pull page of this tab: its rows arrive through onPulled, without reading the table back.
    if (!changed || this.reloadQueued || isOwnPull(this.db, parts)) return;
    const keys = keysOf(changed);
    // During the first read a "whole table changed" event needs no second read: the read starts after the
    // database opened and no write commits while it runs. Dexie sends one such event for every table when it
    // has just created the database (a first sync), which would otherwise read the table again mid-sync.
    if (keys === null && this.loadingFirst) return;
    if (keys === null) this.queueReload();
    else if (keys.length > 0) this.enqueue(() => this.patch(keys));
  };

  constructor(
    private readonly db: AppDatabase,
    private readonly spec: LiveTableSpec<T>,
  ) {
    this.part = `idb://${db.name}/${spec.table}/`;
    Dexie.on('storagemutated', this.onMutated);
    this.offPulled = onPulled(({ db: from, tables, more }) => {
      const rows = tables.get(spec.table);
      if (from === this.db && rows) this.enqueue(async () => this.pulled(rows, more === true));
    });
    db.on('close', () => this.dispose());
    this.pending = this.loadFirst()
      .catch(() => this.reload())
      .catch(() => undefined);
  }

  get = (): LiveSnapshot<T> | undefined => {
    if (this.published) {
      this.snapshot = { items: [...this.rows.values()], fromPull: this.published.fromPull };
      this.published = null;
    }
    return this.snapshot;
  };

  /** Whether the latest published change came from a pull page. */
  get lastFromPull(): boolean {
    return this.published?.fromPull ?? this.snapshot?.fromPull ?? false;
  }

  /** Whether the first read has been published. */
  get loaded(): boolean {
    return this.snapshot !== undefined || this.published !== null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The Dexie table, as the database declares it (`db.tasks`…). */
  private get store(): Table<LocalRow, string> {
    return (this.db as unknown as Record<string, Table<LocalRow, string> | undefined>)[this.spec.table] ?? this.db.table(this.spec.table);
  }

  /** The live row `id`, if any. */
  row(id: string): T | undefined {
    return this.rows.get(id);
  }

  /**
   * Shows `row` at once, before the local write that stores it has committed (a quick add with 10k rows: the
   * write, the change event and the read back take a frame or two; the row shows in the keystroke's own frame).
   * The stored row replaces it when the write lands (kept as the same object when equal, so nothing renders
   * again). Answers an undo for a write that failed: the row is read back from the table (and so goes away).
   * Before the first read has been published it does nothing (that read is on its way anyway).
   */
  optimistic(row: LocalRow): () => void {
    const item = this.loaded && this.spec.decode(row);
    if (item && this.apply(new Map([[row.id, item]]))) this.publish();
    return () => this.enqueue(() => this.patch([row.id]));
  }

  /** A derived index of the rows by `keys` (built now, then kept up to date with every change). */
  index(keys: IndexKeys<T>): LiveIndex<T> {
    const index = new LiveIndex(keys);
    index.reset(this.rows);
    this.indexes.push(index);
    return index;
  }

  /** Resolves when every change seen so far is in the snapshot. */
  settled(): Promise<void> {
    return this.pending;
  }

  dispose(): void {
    if (this.bulkTimer !== null) clearTimeout(this.bulkTimer);
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.offPulled();
    this.listeners.clear();
  }

  private enqueue(work: () => Promise<void>): void {
    // A failed step reloads the whole table; when that fails too (the database was closed: signed out, or a
    // delayed reconcile after the screen went), the snapshot stays as it was and nothing is left unhandled.
    this.pending = this.pending
      .then(work)
      .catch(() => this.reload())
      .catch(() => undefined);
  }

  private queueReload(): void {
    this.reloadQueued = true;
    this.pending = this.pending
      .catch(() => undefined)
      .then(() => {
        this.reloadQueued = false;
        return this.reload();
      })
      .catch(() => undefined);
  }

  private publish(fromPull = false): void {
    if (this.bulkTimer !== null) {
      clearTimeout(this.bulkTimer);
      this.bulkTimer = null;
    }
    this.published = { fromPull };
    for (const l of [...this.listeners]) l();
  }

  private async loadFirst(): Promise<void> {
    try {
      if (this.spec.startAfter) await this.spec.startAfter(this.db);
      const start = performance.now();
      // At start-up public/early.js may have read the table already, while the app's code loaded.
      const early = this.spec.early?.(this.db);
      const earlyRows = early ? await early : null;
      // The primary store's getAll is cheaper than walking the `deleted` index; tombstones are few.
      // Decoded in slices: nothing else touches the rows meanwhile (changes are queued behind the first read).
      this.rows = await decodeInSlices(earlyRows ?? (await this.store.toArray()), this.spec.decode);
      for (const index of this.indexes) index.reset(this.rows);
      this.publish();
      performance.measure?.(`${this.spec.table}:load`, { start, end: performance.now() });
      // That read was taken before this table listened for changes: a write that landed in between (a pull
      // page, another tab) is picked up by reading the table once more when the browser is idle.
      if (earlyRows) {
        this.earlyRead = { texts: earlyRows, touched: new Set() };
        setTimeout(() => whenIdle(() => this.enqueue(() => this.reconcile()), 5000), RECONCILE_DELAY_MS);
      }
    } finally {
      this.loadingFirst = false;
    }
  }

  /**
   * Reads the whole table again and applies what differs (rows that did not change keep their objects). The
   * decoding goes in slices, as the first read's (the re-read after a start-up read comes 2 s into the start).
   */
  private async reload(): Promise<void> {
    const next = await decodeInSlices(await this.store.toArray(), this.spec.decode);
    const changes = new Map<string, T | null>();
    for (const [id, item] of next) changes.set(id, item);
    for (const id of this.rows.keys()) if (!next.has(id)) changes.set(id, null);
    if (this.apply(changes) || !this.loaded) this.publish();
  }

  /** The re-read after a start-up read: `reload()`'s result, decoding only what changed (stored-texts.ts). */
  private async reconcile(): Promise<void> {
    try {
      const changes = this.earlyRead && (await changesSince(this.db.backendDB(), this.spec.table, this.earlyRead, this.rows, this.spec.decode));
      if (!changes) return await this.reload();
      if (this.apply(changes) || !this.loaded) this.publish();
    } finally {
      // Until here a row changed in memory alone (`optimistic`) is read again however its stored text compares.
      this.earlyRead = null;
    }
  }

  private async patch(keys: string[]): Promise<void> {
    const rows = await this.store.bulkGet(keys);
    const changes = new Map<string, T | null>();
    keys.forEach((id, i) => {
      const row = rows[i];
      changes.set(id, row && row.deleted === 0 ? this.spec.decode(row) : null);
    });
    if (this.apply(changes)) this.publish();
  }

  /**
   * Rows of a pull page. Large pages (a first sync: 1,000, then 5,000 rows each) show at most every
   * BULK_PUBLISH_MS while more pages follow: each publish renders the whole list again, on the thread that also
   * stores the next page. The last page, and small pulls (another device's edit), show at once.
   */
  private pulled(rows: readonly LocalRow[], more: boolean): void {
    const changes = new Map<string, T | null>();
    for (const row of rows) changes.set(row.id, row.deleted === 0 ? this.spec.decode(row) : null);
    if (!this.apply(changes) && this.bulkTimer === null) return;
    if (rows.length < BULK_ROWS || !more) {
      this.publish(true);
      return;
    }
    const wait = this.lastBulkPublish + BULK_PUBLISH_MS - performance.now();
    if (wait <= 0) {
      this.lastBulkPublish = performance.now();
      this.publish(true);
    } else {
      this.bulkTimer ??= setTimeout(() => {
        this.bulkTimer = null;
        this.lastBulkPublish = performance.now();
        this.publish(true);
      }, wait);
    }
  }

  /** Applies decoded rows (null: gone) to the rows and indexes; whether anything changed. */
  private apply(changes: ReadonlyMap<string, T | null>): boolean {
    let changed = false;
    for (const [id, next] of changes) {
      const before = this.rows.get(id);
      if (next === null) {
        if (before === undefined) continue;
        this.rows.delete(id);
      } else if (before !== undefined && sameValue(before, next)) continue;
      else this.rows.set(id, next);
      for (const index of this.indexes) index.update(id, before, next ?? undefined);
      this.earlyRead?.touched.add(id);
      changed = true;
    }
    for (const index of this.indexes) index.commit();
    return changed;
  }
}

const tables = new WeakMap<AppDatabase, Map<LiveTableSpec<unknown>, LiveTable<unknown>>>();

/** The live table of `spec` on `db`: one per database and spec, made on first use (it starts reading then). */
export function liveTable<T>(db: AppDatabase, spec: LiveTableSpec<T>): LiveTable<T> {
  let byDb = tables.get(db);
  if (!byDb) tables.set(db, (byDb = new Map()));
  let table = byDb.get(spec as LiveTableSpec<unknown>) as LiveTable<T> | undefined;
  if (!table) byDb.set(spec as LiveTableSpec<unknown>, (table = new LiveTable(db, spec)) as LiveTable<unknown>);
  return table;
}
