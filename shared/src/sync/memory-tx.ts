import { holdsTag, PARENT_FIELD, type MutationTx, type StoredRow } from './mutator.js';
import type { EntityType } from './protocol.js';

export type MemoryTables = Map<EntityType, Map<string, StoredRow>>;

/**
 * A MutationTx over plain maps: the reference implementation the mutators are tested against, and the local
 * store of the scripted sync clients in the server's protocol tests. Writes are applied at once; wrap a call
 * in `snapshot()`/`restore()` to undo a rejected mutation.
 */
export class MemoryTx implements MutationTx {
  constructor(
    readonly tables: MemoryTables = new Map(),
    public now: string = new Date(0).toISOString(),
  ) {}

  private table(type: EntityType): Map<string, StoredRow> {
    let t = this.tables.get(type);
    if (!t) this.tables.set(type, (t = new Map()));
    return t;
  }

  async get<T = Record<string, unknown>>(type: EntityType, id: string): Promise<StoredRow<T> | undefined> {
    return this.table(type).get(id) as StoredRow<T> | undefined;
  }

  async put(type: EntityType, id: string, data: Record<string, unknown>): Promise<void> {
    const existing = this.table(type).get(id);
    this.table(type).set(id, { id, data, deleted: false, createdAt: existing?.createdAt ?? this.now, updatedAt: this.now });
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const existing = this.table(type).get(id);
    if (existing && !existing.deleted) this.table(type).set(id, { ...existing, deleted: true, updatedAt: this.now });
  }

  async children(type: EntityType, parentId: string): Promise<StoredRow[]> {
    const field = PARENT_FIELD[type];
    if (!field) return [];
    return [...this.table(type).values()].filter((r) => !r.deleted && r.data[field] === parentId);
  }

  async all(type: EntityType): Promise<StoredRow[]> {
    return this.live(type);
  }

  async withTag(type: EntityType, tagId: string): Promise<StoredRow[]> {
    return this.live(type).filter((r) => holdsTag(r, tagId));
  }

  snapshot(): MemoryTables {
    return new Map([...this.tables].map(([type, rows]) => [type, new Map(rows)]));
  }

  restore(snapshot: MemoryTables): void {
    this.tables.clear();
    for (const [type, rows] of snapshot) this.tables.set(type, rows);
  }

  /** Live rows of a type, sorted by id. */
  live(type: EntityType): StoredRow[] {
    return [...this.table(type).values()].filter((r) => !r.deleted).sort((a, b) => (a.id < b.id ? -1 : 1));
  }
}
