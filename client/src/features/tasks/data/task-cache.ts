import Dexie, { type IntervalTree, type IntervalTreeNode, type ObservabilitySet } from 'dexie';
import type { AppDatabase } from '../../../db/database';
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
  private readonly onMutated = (parts: ObservabilitySet) => {
    const changed = parts[this.part];
    if (changed) this.pending = this.pending.then(() => this.patch(changed)).catch(() => this.reload());
  };

  constructor(
    private readonly db: AppDatabase,
    private readonly toItem: (row: import('../../../db/database').LocalRow) => TaskItem,
  ) {
    this.part = `idb://${db.name}/tasks/`;
    Dexie.on('storagemutated', this.onMutated);
    db.on('close', () => this.dispose());
    this.pending = this.reload();
  }

  get = (): TaskItem[] | undefined => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.listeners.clear();
  }

  /** Resolves when every change seen so far is in the snapshot (tests). */
  settled(): Promise<void> {
    return this.pending;
  }

  private publish(): void {
    this.snapshot = [...this.rows.values()];
    for (const l of this.listeners) l();
  }

  private async reload(): Promise<void> {
    const live = await this.db.tasks.where('deleted').equals(0).toArray();
    this.rows = new Map(live.map((r) => [r.id, this.toItem(r)]));
    this.publish();
  }

  private async patch(changed: IntervalTree): Promise<void> {
    const keys: string[] = [];
    for (const range of nodesOf(changed)) {
      // A range rather than single keys (a table clear, a bulk delete by range): read everything again.
      if (typeof range.from !== 'string' || range.from !== range.to) return this.reload();
      keys.push(range.from);
    }
    if (keys.length === 0) return;
    const rows = await this.db.tasks.bulkGet(keys);
    keys.forEach((id, i) => {
      const row = rows[i];
      if (row && row.deleted === 0) this.rows.set(id, this.toItem(row));
      else this.rows.delete(id);
    });
    this.publish();
  }
}

const caches = new WeakMap<AppDatabase, TaskCache>();

export function taskCacheFor(db: AppDatabase, toItem: (row: import('../../../db/database').LocalRow) => TaskItem): TaskCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TaskCache(db, toItem)));
  return cache;
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
