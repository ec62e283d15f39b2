import type { EntityType } from '@adhd/shared/sync/protocol';
import { holdsTag, PARENT_FIELD, type MutationTx, type StoredRow } from '@adhd/shared/sync/mutator';
import type { AppDatabase, LocalRow } from './database';

export function toStored(row: LocalRow): StoredRow {
  return { id: row.id, data: row.data, deleted: row.deleted === 1, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export function parentOf(type: EntityType, data: Record<string, unknown>): string | null {
  const field = PARENT_FIELD[type];
  const value = field ? data[field] : null;
  return typeof value === 'string' ? value : null;
}

interface UndoEntry {
  type: EntityType;
  id: string;
  before: LocalRow | undefined;
  /** This mutation saved the row's server copy in `_base`. */
  baseAdded: boolean;
}

/**
 * The client's MutationTx over Dexie; it must run inside a Dexie `rw` transaction over `db.writeTables`.
 * With `pending` set (a local write that still has to reach the server), the server's copy of every row it
 * changes is saved once in `_base`, so a later pull can rebase: restore the base, then replay the outbox.
 *
 * A mutation that throws midway inside a larger transaction (the rebase replays many) is undone with
 * `begin()` / `rollback()`: the rows it touched get their previous state back.
 */
export class DexieTx implements MutationTx {
  private undo: UndoEntry[] | null = null;
  private undoKeys = new Set<string>();

  constructor(
    private readonly db: AppDatabase,
    readonly now: string,
    private readonly pending: boolean,
  ) {}

  /** Start recording what the next mutation changes, so `rollback()` can undo it. */
  begin(): void {
    this.undo = [];
    this.undoKeys.clear();
  }

  /** Undo every write since `begin()`. */
  async rollback(): Promise<void> {
    const entries = this.undo ?? [];
    this.undo = null;
    for (const e of entries.reverse()) {
      const table = this.db.table_(e.type);
      if (e.before) await table.put(e.before);
      else await table.delete(e.id);
      if (e.baseAdded) await this.db._base.delete([e.type, e.id]);
    }
  }

  async get<T = Record<string, unknown>>(type: EntityType, id: string): Promise<StoredRow<T> | undefined> {
    const row = await this.db.table_(type).get(id);
    return row ? (toStored(row) as StoredRow<T>) : undefined;
  }

  private async touch(type: EntityType, id: string, before: LocalRow | undefined) {
    let baseAdded = false;
    if (this.pending && !(await this.db._base.get([type, id]))) {
      await this.db._base.put({ type, id, row: before ?? null });
      baseAdded = true;
    }
    const key = `${type}\u0000${id}`;
    if (this.undo && !this.undoKeys.has(key)) {
      this.undoKeys.add(key);
      this.undo.push({ type, id, before, baseAdded });
    }
  }

  async put(type: EntityType, id: string, data: Record<string, unknown>): Promise<void> {
    const table = this.db.table_(type);
    const before = await table.get(id);
    await this.touch(type, id, before);
    await table.put({
      id,
      data,
      deleted: 0,
      createdAt: before?.createdAt ?? this.now,
      updatedAt: this.now,
      version: before?.version ?? 0,
      parentId: parentOf(type, data),
    });
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const table = this.db.table_(type);
    const before = await table.get(id);
    if (!before || before.deleted) return;
    await this.touch(type, id, before);
    await table.put({ ...before, deleted: 1, updatedAt: this.now });
  }
  async children(type: EntityType, parentId: string): Promise<StoredRow[]> {
    const rows = await this.db.table_(type).where('parentId').equals(parentId).toArray();
    return rows.filter((r) => r.deleted === 0).map(toStored);
  }

  async all(type: EntityType): Promise<StoredRow[]> {
    const rows = await this.db.table_(type).where('deleted').equals(0).toArray();
    return rows.map(toStored);
  }

  /** The device holds one user's rows, read from the in-memory buckets: a scan of them is cheap here. */
  async withTag(type: EntityType, tagId: string): Promise<StoredRow[]> {
    return (await this.all(type)).filter((r) => holdsTag(r, tagId));
  }
}
