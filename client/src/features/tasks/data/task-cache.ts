import Dexie, { type IntervalTree, type IntervalTreeNode, type ObservabilitySet } from 'dexie';
import type { AppDatabase, LocalRow } from '../../../db/database';
import { isOwnPull, onPulled } from '../../../db/pull-events';
import { takeEarlyTasks } from '../../../lib/early';
import { whenIdle } from '../../../lib/idle';
import type { TaskItem } from '../logic/types';

/**
 * The signed-in user's live tasks, kept in memory and patched row by row: after a write or a pulled page only
 * the rows whose keys Dexie reports as changed are read again, instead of the whole table (a full read of 10k
 * rows costs ~140 ms and would follow every checkbox click). Changes from other tabs arrive the same way.
 */
export class TaskCache {
  private rows = new Map<string, TaskItem>();
  private snapshot: TaskItem[] | undefined = undefined;
  private listeners = new Set<() => void>();
  private pending: Promise<void> = Promise.resolve();
  private readonly part: string;
  /** A full read is queued and has not started: later changes are covered by it (a pull writes pages fast). */
  private reloadQueued = false;
  /** The first load (constructor) has not finished. */
  private loadingFirst = false;
  private lastBulkPublish = -Infinity;
  private bulkTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the latest published change came from a pull page (renders may then be deferred). */
  lastChangeWasPull = false;
  private readonly offPulled: () => void;
  private readonly onMutated = (parts: ObservabilitySet) => {
    const changed = parts[this.part];
    // A pull page of this tab: its rows arrive through onPulled, without reading the table back.
    if (!changed || this.reloadQueued || isOwnPull(this.db, parts)) return;
    const keys = keysOf(changed);
    // During the first load a "whole table changed" event needs no second read: the load's own read starts
    // after the database opened and no write can commit while it runs. Dexie sends one such event for every
    // table when it has just created the database (a first sync), which would otherwise re-read the table
    // mid-sync. (A start-up read taken by public/early.js is checked again by the reconcile pass.)
    if (keys === null && this.loadingFirst) return;
    if (keys === null) this.queueReload();
    else if (keys.length > 0) this.pending = this.pending.then(() => this.patch(keys)).catch(() => this.reload());
  };

  constructor(
    private readonly db: AppDatabase,
    private readonly toItem: (row: LocalRow) => TaskItem,
  ) {
    this.part = `idb://${db.name}/tasks/`;
    Dexie.on('storagemutated', this.onMutated);
    this.offPulled = onPulled(({ db: from, tables, more }) => {
      const rows = tables.get('tasks');
      if (from !== this.db || !rows) return;
      this.pending = this.pending.then(() => this.patchRows(rows, more === true)).catch(() => this.reload());
    });
    db.on('close', () => this.dispose());
    this.pending = this.reload(true);
  }

  get = (): TaskItem[] | undefined => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    if (this.bulkTimer !== null) clearTimeout(this.bulkTimer);
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.offPulled();
    this.listeners.clear();
  }

  /** Resolves when every change seen so far is in the snapshot (tests). */
  settled(): Promise<void> {
    return this.pending;
  }

  private publish(fromPull = false): void {
    if (this.bulkTimer !== null) {
      clearTimeout(this.bulkTimer);
      this.bulkTimer = null;
    }
    this.lastChangeWasPull = fromPull;
    this.snapshot = [...this.rows.values()];
    for (const l of this.listeners) l();
  }

  private queueReload(): void {
    this.reloadQueued = true;
    this.pending = this.pending
      .then(() => {
        this.reloadQueued = false;
        return this.reload();
      })
      .catch(() => {
        this.reloadQueued = false;
        return this.reload();
      });
  }

  private async reload(first = false): Promise<void> {
    if (first) this.loadingFirst = true;
    try {
      await this.load(first);
    } finally {
      if (first) this.loadingFirst = false;
    }
  }

  private async load(first: boolean): Promise<void> {
    const start = performance.now();
    // At start-up public/early.js has usually read the table already, while the app's code loaded.
    const early = first ? takeEarlyTasks(this.db.name, this.db.verno * 10) : null;
    const earlyRows = early ? ((await early) as LocalRow[] | null) : null;
    // The primary store's getAll is cheaper than walking the `deleted` index; tombstones are few.
    const rows = earlyRows ?? (await this.db.tasks.toArray());
    const live = new Map<string, TaskItem>();
    for (const r of rows) if (r.deleted === 0) live.set(r.id, this.toItem(r));
    this.rows = live;
    this.publish();
    performance.measure?.('tasks:load', { start, end: performance.now() });
    // That read was taken before this cache listened for changes: a write that landed in between (a pull page,
    // another tab) is picked up by reading the table once more when the browser is idle.
    if (earlyRows) this.scheduleReconcile();
  }

  private scheduleReconcile(): void {
    const run = () => {
      this.pending = this.pending.then(() => this.reconcile()).catch(() => this.reload());
    };
    setTimeout(() => whenIdle(run, 5000), RECONCILE_DELAY_MS);
  }

  /** Reads the table and publishes only if something differs, keeping the objects of unchanged tasks. */
  private async reconcile(): Promise<void> {
    const rows = await this.db.tasks.toArray();
    const next = new Map<string, TaskItem>();
    let changed = false;
    for (const r of rows) {
      if (r.deleted !== 0) continue;
      const item = this.toItem(r);
      const known = this.rows.get(r.id);
      if (known && sameItem(known, item)) next.set(r.id, known);
      else {
        next.set(r.id, item);
        changed = true;
      }
    }
    if (!changed && next.size === this.rows.size) return;
    this.rows = next;
    this.publish();
  }

  private patchRows(rows: LocalRow[], more = false): void {
    for (const row of rows) {
      if (row.deleted === 0) this.rows.set(row.id, this.toItem(row));
      else this.rows.delete(row.id);
    }
    // Large pages (a first sync: 1,000, then 5,000 rows each) show at most every BULK_PUBLISH_MS while more
    // pages follow: each publish sorts and renders the whole list again, on the thread that also stores the next
    // page. The last page, and small pulls (another device's edit), show at once.
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

  private async patch(keys: string[]): Promise<void> {
    const rows = await this.db.tasks.bulkGet(keys);
    keys.forEach((id, i) => {
      const row = rows[i];
      if (row && row.deleted === 0) this.rows.set(id, this.toItem(row));
      else this.rows.delete(id);
    });
    this.publish();
  }
}

const RECONCILE_DELAY_MS = 2000;
/** A pulled page of this many rows or more is a bulk page (see patchRows). */
const BULK_ROWS = 500;
const BULK_PUBLISH_MS = 1000;

/** Same task fields (TaskItem is flat; arrays such as `tags` compare element by element). */
function sameItem(a: TaskItem, b: TaskItem): boolean {
  for (const key of Object.keys(b) as (keyof TaskItem)[]) {
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
    } else if (x !== y) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

const caches = new WeakMap<AppDatabase, TaskCache>();

export function taskCacheFor(db: AppDatabase, toItem: (row: LocalRow) => TaskItem): TaskCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TaskCache(db, toItem)));
  return cache;
}

/**
 * The keys of a change set, or null when it holds a range rather than single keys (a bulk write of 50 rows or
 * more, a table clear, a delete by range): then everything is read again.
 */
function keysOf(changed: IntervalTree): string[] | null {
  const keys: string[] = [];
  for (const range of nodesOf(changed)) {
    if (typeof range.from !== 'string' || range.from !== range.to) return null;
    keys.push(range.from);
  }
  return keys;
}

/** The ranges of an interval tree (a RangeSet, or its plain copy from another tab). */
function nodesOf(tree: IntervalTree | null | undefined): IntervalTreeNode[] {
  const out: IntervalTreeNode[] = [];
  const stack: (IntervalTree | null | undefined)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Partial<IntervalTreeNode> | null | undefined;
    if (!node || !('from' in node)) continue;
    out.push(node as IntervalTreeNode);
    stack.push(node.l, node.r);
  }
  return out;
}
