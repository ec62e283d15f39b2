import { MutationError } from '@adhd/shared/sync/mutator';
import type { Change, EntityType, PullResponse } from '@adhd/shared/sync/protocol';
import { TABLE_OF, type AppDatabase, type BaseRow, type LocalRow } from './database';
import { DexieTx, parentOf } from './dexie-tx';
import { emitPulled, markPullTransaction } from './pull-events';
import { loadedRegistry, loadRegistry } from './registry';

export type ApplyResult =
  /** The page is stored; `cursor` (and `epoch`) are the new local cursor. */
  | { applied: true; cursor: number; epoch: string | undefined }
  /** Another tab moved the cursor since the request was sent: the page is stale, pull again from `cursor`. */
  | { applied: false; cursor: number; epoch: string | undefined };

/**
 * Store one pull page in one `rw` transaction (design/sync.md §3, docs/sync.md "Client side").
 *
 * Data tables hold the view (server state + pending local mutations); `_base` holds the server copy of each
 * row a pending mutation changed. A server change goes to `_base` when the row is shadowed there, else
 * straight to the view. Only the last page (`hasMore: false`) drops confirmed outbox entries and rebases:
 * every shadowed row is restored from `_base`, then the remaining outbox is replayed on top. `reset` wipes
 * the data tables and `_base` (never the outbox) before the page is applied.
 */
export async function applyPullPage(db: AppDatabase, page: PullResponse, sentCursor: number, sentEpoch?: string): Promise<ApplyResult> {
  const written = new Map<string, LocalRow[]>();
  let delivered = false;
  // The last page replays the outbox: a queued mutation whose code loads on first use gets it first (the
  // transaction would not survive the fetch).
  if (!page.hasMore) await (await loadRegistry()).preloadMutations();
  const result = await db.transaction('rw', db.writeTables, async (): Promise<ApplyResult> => {
    const stored = Number((await db._meta.get('cursor'))?.value ?? 0);
    const storedEpoch = (await db._meta.get('epoch'))?.value;
    const epoch = typeof storedEpoch === 'string' ? storedEpoch : undefined;
    if (stored !== sentCursor || epoch !== sentEpoch) return { applied: false, cursor: stored, epoch };

    if (page.reset) {
      await Promise.all([...Object.values(TABLE_OF).map((t) => db.table(t).clear()), db._base.clear()]);
    }
    await applyChanges(db, page.changes, written);
    const rebased = page.hasMore ? false : await rebase(db, page.lastMutationId);
    await db._meta.put({ key: 'cursor', value: page.cursor });
    // The epoch the cursor belongs to, in the same transaction (docs/sync.md, "Database epoch").
    const pageEpoch = typeof page.epoch === 'string' ? page.epoch : undefined;
    if (pageEpoch !== undefined) await db._meta.put({ key: 'epoch', value: pageEpoch });
    else await db._meta.delete('epoch');
    // The written rows are the whole change unless the page cleared tables or the rebase rewrote rows.
    if (!page.reset && !rebased && written.size > 0) {
      markPullTransaction(db);
      delivered = true;
    }
    return { applied: true, cursor: page.cursor, epoch: pageEpoch };
  });
  if (delivered) emitPulled({ db, tables: written, more: page.hasMore });
  return result;
}

function toLocal(change: Change, previous: LocalRow | null | undefined): LocalRow {
  const type = change.entity;
  if (change.deleted || !change.data) {
    // Tombstones carry no data: keep what this device knew, so the row can still be shown or restored.
    return {
      id: change.id,
      data: previous?.data ?? {},
      deleted: 1,
      createdAt: previous?.createdAt ?? '',
      updatedAt: previous?.updatedAt ?? '',
      version: change.version,
      parentId: previous?.parentId ?? null,
    };
  }
  const { createdAt, updatedAt, ...data } = change.data;
  return {
    id: change.id,
    data,
    deleted: 0,
    createdAt: String(createdAt ?? ''),
    updatedAt: String(updatedAt ?? ''),
    version: change.version,
    parentId: parentOf(type, data),
  };
}

/** Server rows into `_base` (shadowed) or the view, with one bulk read and one bulk write per table. */
async function applyChanges(db: AppDatabase, changes: Change[], written: Map<string, LocalRow[]>): Promise<void> {
  const known = changes.filter((c) => Object.hasOwn(TABLE_OF, c.entity));
  if (known.length === 0) return;
  const shadowed = new Map<string, BaseRow>();
  if ((await db._base.count()) > 0) {
    const bases = await db._base.bulkGet(known.map((c) => [c.entity, c.id] as [string, string]));
    for (const b of bases) if (b) shadowed.set(key(b.type, b.id), b);
  }

  const byType = new Map<EntityType, Change[]>();
  for (const c of known) {
    let list = byType.get(c.entity);
    if (!list) byType.set(c.entity, (list = []));
    list.push(c);
  }

  const baseWrites: BaseRow[] = [];
  for (const [type, list] of byType) {
    const table = db.table_(type);
    // Tombstones need the row they replace (its data is kept); only the view rows are read here.
    const tombstoned = list.filter((c) => (c.deleted || !c.data) && !shadowed.has(key(type, c.id)));
    const previous = new Map<string, LocalRow>();
    if (tombstoned.length > 0) {
      const rows = await table.bulkGet(tombstoned.map((c) => c.id));
      for (const r of rows) if (r) previous.set(r.id, r);
    }
    const viewWrites: LocalRow[] = [];
    for (const c of list) {
      const base = shadowed.get(key(type, c.id));
      if (base) {
        const row = toLocal(c, base.row);
        base.row = row;
        baseWrites.push(base);
      } else {
        const row = toLocal(c, previous.get(c.id));
        previous.set(c.id, row);
        viewWrites.push(row);
      }
    }
    await table.bulkPut(viewWrites);
    if (viewWrites.length > 0) written.set(TABLE_OF[type], viewWrites);
  }
  if (baseWrites.length > 0) await db._base.bulkPut(baseWrites);
}

/**
 * The end of a pull: drop what the server confirmed, put back the server copy of every row pending
 * mutations changed, and replay the outbox on it. A replayed mutation that now fails (its task was deleted
 * on another device…) is left out of the view; the server rejects it too, and the next pull drops it.
 */
async function rebase(db: AppDatabase, lastMutationId: number): Promise<boolean> {
  await db._outbox.where('id').belowOrEqual(lastMutationId).delete();
  const bases = await db._base.toArray();
  const remaining = await db._outbox.orderBy('seq').toArray();
  if (bases.length === 0 && remaining.length === 0) return false;
  const puts = new Map<EntityType, LocalRow[]>();
  const deletes = new Map<EntityType, string[]>();
  for (const b of bases) {
    if (!Object.hasOwn(TABLE_OF, b.type)) continue;
    if (b.row) push(puts, b.type, b.row);
    else push(deletes, b.type, b.id);
  }
  for (const [type, rows] of puts) await db.table_(type).bulkPut(rows);
  for (const [type, ids] of deletes) await db.table_(type).bulkDelete(ids);
  await db._base.clear();

  const { runWireMutation } = loadedRegistry();
  for (const m of remaining) {
    const tx = new DexieTx(db, m.clientTime ?? new Date().toISOString(), true);
    tx.begin();
    try {
      await runWireMutation(tx, m.name, m.args);
    } catch (err) {
      if (!(err instanceof MutationError)) throw err;
      await tx.rollback();
    }
  }
  return true;
}

const key = (type: string, id: string) => `${type}\u0000${id}`;

function push<K, V>(map: Map<K, V[]>, k: K, v: V) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}
