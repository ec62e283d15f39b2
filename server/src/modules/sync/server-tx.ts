import type { EntityType } from '@adhd/shared/sync/protocol';
import { holdsTag, PARENT_FIELD, type MutationTx, type StoredRow } from '@adhd/shared/sync/mutator';
import { pacer } from '../../lib/pace.js';
import { findChildren, findEntities, findEntity, findLiveEntities, type Db, type EntityRow } from './repository.js';
import { findTaggedIds, tagIdsOf } from './tag-refs.js';

type Key = string;
const keyOf = (type: string, id: string): Key => `${type}\u0000${id}`;

interface Staged {
  type: EntityType;
  row: StoredRow;
  /** `row.data` as JSON, once the layer's size was taken (reused when the row is written). */
  json?: string;
  /** UTF-8 bytes the row counts toward the user's quota: its JSON when live, 0 when a tombstone. */
  bytes?: number;
}

const byId = (a: StoredRow, b: StoredRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The server's MutationTx: reads go to the database once and are cached; writes are staged in memory and
 * written by `flush()` with fresh versions. Each mutation runs in a layer (`begin`/`commitLayer`/`dropLayer`)
 * so a rejected mutation leaves no trace while earlier ones in the same push stay.
 */
export class ServerTx implements MutationTx {
  private readonly cache = new Map<Key, StoredRow | null>();
  /** Field versions of rows as they were in the database. */
  private readonly origin = new Map<Key, { data: Record<string, unknown>; fieldVersions: Record<string, number> }>();
  /** Writes of mutations that succeeded, in first-write order. */
  private readonly staged = new Map<Key, Staged>();
  /** Writes of the mutation that is running now. */
  private layer = new Map<Key, Staged>();
  /** Ids of the live rows the database held, per type, once `all(type)` has read them. */
  private readonly allIds = new Map<EntityType, string[]>();
  /** Ids of the staged rows per type, so reads that merge staged rows do not walk every staged row. */
  private readonly stagedIds = new Map<EntityType, Set<string>>();
  /** Quota bytes of each row as the database holds it (0 for tombstones and rows it does not hold). */
  private readonly originBytes = new Map<Key, number>();

  /** Gives the event loop a turn now and then: a big batch or a mutation touching many rows never holds it long. */
  readonly pace = pacer();

  constructor(
    private readonly db: Db,
    private readonly userId: string,
    readonly now: string,
  ) {}

  private lookup(key: Key): StoredRow | null | undefined {
    const hit = this.layer.get(key) ?? this.staged.get(key);
    if (hit) return hit.row;
    return this.cache.get(key);
  }

  async get<T = Record<string, unknown>>(type: EntityType, id: string): Promise<StoredRow<T> | undefined> {
    await this.pace();
    const key = keyOf(type, id);
    let row = this.lookup(key);
    if (row === undefined) {
      const found = await findEntity(this.db, this.userId, type, id);
      row = found ? this.remember(key, found) : null;
      this.cache.set(key, row);
    }
    return (row ?? undefined) as StoredRow<T> | undefined;
  }

  /** Load many rows in one query before the mutations ask for them one by one. */
  async prefetch(type: EntityType, ids: Iterable<string>): Promise<void> {
    const wanted = [...new Set(ids)].filter((id) => !this.cache.has(keyOf(type, id)));
    for (let i = 0; i < wanted.length; i += 500) {
      await this.pace();
      const chunk = wanted.slice(i, i + 500);
      const found = new Map((await findEntities(this.db, this.userId, type, chunk)).map((r) => [r.id, r]));
      for (const id of chunk) {
        const key = keyOf(type, id);
        const row = found.get(id);
        this.cache.set(key, row ? this.remember(key, row) : null);
      }
    }
  }

  async put(type: EntityType, id: string, data: Record<string, unknown>): Promise<void> {
    const existing = await this.get(type, id);
    this.layer.set(keyOf(type, id), {
      type,
      row: { id, data, deleted: false, createdAt: existing?.createdAt ?? this.now, updatedAt: this.now },
    });
  }

  /**
   * Server-only, for the user's import (modules/backup): give a row the running mutation wrote the timestamps
   * it has in the imported file. Mutators always stamp `now`; an import restores the file's, so an export of the
   * imported account equals the file. A row this layer did not write is left alone.
   */
  restamp(type: EntityType, id: string, stamps: { createdAt: string; updatedAt: string }): void {
    const staged = this.layer.get(keyOf(type, id));
    if (staged) staged.row = { ...staged.row, createdAt: stamps.createdAt, updatedAt: stamps.updatedAt };
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const existing = await this.get(type, id);
    if (!existing || existing.deleted) return;
    this.layer.set(keyOf(type, id), { type, row: { ...existing, deleted: true, updatedAt: this.now } });
  }

  async children(type: EntityType, parentId: string): Promise<StoredRow[]> {
    await this.pace();
    const field = PARENT_FIELD[type];
    if (!field) return [];
    const result = new Map<string, StoredRow>();
    for (const found of await findChildren(this.db, this.userId, type, [parentId])) {
      const key = keyOf(type, found.id);
      if (!this.cache.has(key)) this.cache.set(key, this.remember(key, found));
      result.set(found.id, this.lookup(key)!);
    }
    // Rows changed in this transaction may have joined or left the parent.
    for (const current of this.writtenRows(type)) {
      if (!current.deleted && current.data[field] === parentId) result.set(current.id, current);
      else result.delete(current.id);
    }
    return [...result.values()].filter((r) => !r.deleted && r.data[field] === parentId);
  }

  /** The current state of every row of a type written in this transaction (staged or in the running layer). */
  private *writtenRows(type: EntityType): Iterable<StoredRow> {
    const ids = new Set(this.stagedIds.get(type));
    for (const staged of this.layer.values()) if (staged.type === type) ids.add(staged.row.id);
    for (const id of ids) yield this.lookup(keyOf(type, id))!;
  }

  async withTag(type: EntityType, tagId: string): Promise<StoredRow[]> {
    await this.pace();
    const ids = await findTaggedIds(this.db, this.userId, type, tagId);
    await this.prefetch(type, ids);
    const result = new Map<string, StoredRow>();
    for (const id of ids) result.set(id, this.lookup(keyOf(type, id))!);
    for (const row of this.writtenRows(type)) result.set(row.id, row);
    return [...result.values()].filter((r) => !r.deleted && holdsTag(r, tagId)).sort(byId);
  }

  async all(type: EntityType): Promise<StoredRow[]> {
    await this.pace();
    let ids = this.allIds.get(type);
    if (!ids) {
      // The database does not change under this transaction, so one read per type is enough.
      const found = await findLiveEntities(this.db, this.userId, type);
      for (const row of found) {
        const key = keyOf(type, row.id);
        if (!this.cache.has(key)) this.cache.set(key, this.remember(key, row));
      }
      this.allIds.set(type, (ids = found.map((r) => r.id)));
    }
    const result = new Map<string, StoredRow>();
    for (const id of ids) result.set(id, this.lookup(keyOf(type, id))!);
    // Rows written in this transaction: created, restored or deleted since the read.
    for (const row of this.writtenRows(type)) result.set(row.id, row);
    return [...result.values()].filter((r) => !r.deleted).sort(byId);
  }

  private remember(key: Key, found: EntityRow): StoredRow {
    const row = fromDb(found);
    this.originBytes.set(key, found.deleted ? 0 : Buffer.byteLength(found.data));
    this.origin.set(key, { data: row.data, fieldVersions: JSON.parse(found.field_versions) as Record<string, number> });
    return row;
  }

  /** Each field's version after this write: fields that changed get `version`, the rest keep theirs. */
  private fieldVersions(key: Key, data: Record<string, unknown>, version: number): Record<string, number> {
    const before = this.origin.get(key);
    if (!before) return Object.fromEntries(Object.keys(data).map((k) => [k, version]));
    const result = { ...before.fieldVersions };
    for (const k of new Set([...Object.keys(before.data), ...Object.keys(data)])) {
      if (JSON.stringify(before.data[k]) !== JSON.stringify(data[k])) result[k] = version;
    }
    return result;
  }

  /** Start a mutation's layer. */
  begin(): void {
    this.layer = new Map();
  }

  /**
   * How many quota bytes the running mutation adds (negative when it shrinks or deletes data): each row it
   * wrote, measured as JSON once (the JSON is kept for the write), against the row's size before the layer.
   */
  async layerBytes(): Promise<number> {
    let delta = 0;
    for (const [key, staged] of this.layer) {
      await this.pace();
      if (staged.bytes === undefined) {
        staged.json = JSON.stringify(staged.row.data);
        staged.bytes = staged.row.deleted ? 0 : Buffer.byteLength(staged.json);
      }
      delta += staged.bytes - (this.staged.get(key)?.bytes ?? this.originBytes.get(key) ?? 0);
    }
    return delta;
  }

  /** Keep the running mutation's writes; answers the keys it touched. */
  commitLayer(): Key[] {
    const keys = [...this.layer.keys()];
    for (const [key, staged] of this.layer) {
      this.staged.delete(key); // re-insert so the latest write orders last
      this.staged.set(key, staged);
      let ids = this.stagedIds.get(staged.type);
      if (!ids) this.stagedIds.set(staged.type, (ids = new Set()));
      ids.add(staged.row.id);
    }
    this.layer = new Map();
    return keys;
  }

  /** Forget the running mutation's writes (it was rejected). */
  dropLayer(): void {
    this.layer = new Map();
  }

  get changeCount(): number {
    return this.staged.size;
  }

  /**
   * Rows to write, each with its version: versions `firstVersion…` in write order; `unheld` are those of them
   * the database did not hold when this transaction read them (new rows: they have no tag references to drop);
   * `tags` the tag ids of the live ones, from their data (so `writeTagRefs` need not parse their JSON again).
   */
  async rowsToWrite(
    firstVersion: number,
  ): Promise<{ rows: EntityRow[]; versions: Map<Key, number>; unheld: Set<EntityRow>; tags: Map<EntityRow, string[]> }> {
    const rows: EntityRow[] = [];
    const unheld = new Set<EntityRow>();
    const tags = new Map<EntityRow, string[]>();
    const versions = new Map<Key, number>();
    let version = firstVersion;
    for (const [key, { type, row, json }] of this.staged) {
      await this.pace();
      const field = PARENT_FIELD[type];
      const parent = field ? row.data[field] : null;
      versions.set(key, version);
      const written: EntityRow = {
        type,
        id: row.id,
        data: json ?? JSON.stringify(row.data),
        parent_id: typeof parent === 'string' ? parent : null,
        version: version++,
        deleted: row.deleted ? 1 : 0,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
        field_versions: JSON.stringify(this.fieldVersions(key, row.data, version - 1)),
      };
      rows.push(written);
      if (this.cache.get(key) === null) unheld.add(written);
      if (!row.deleted) tags.set(written, tagIdsOf(row.data));
    }
    return { rows, versions, unheld, tags };
  }
}

export function fromDb(row: Omit<EntityRow, 'field_versions'>): StoredRow {
  return {
    id: row.id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    deleted: row.deleted === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
