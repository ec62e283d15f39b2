import { sql } from 'kysely';
import { padded, runShaped } from '../../db/compiled.js';
import { dialectOf } from '../../db/dialect.js';
import type { CutPage } from '../../db/joined-bytes.js';
import type { EntitiesTable } from '../../db/schema.js';
import { pacer } from '../../lib/pace.js';
import type { Db, EntityRow, ReadRow } from './rows.js';
import { writeTagRefs } from './tag-refs.js';

export type { Db, EntityRow, ReadRow } from './rows.js';

/**
 * The SQL of the `entities` table: the user's rows, read and written by the sync engine and the REST reads.
 * Every function takes the transaction it runs in. The tag index is in tag-refs.ts, the per-user counter,
 * clients, rejections and epochs in sync-state.ts.
 */

const PULL_COLUMNS = ['type', 'id', 'data', 'parent_id', 'version', 'deleted', 'created_at', 'updated_at'] as const;
const ROW_COLUMNS = [...PULL_COLUMNS, 'field_versions'] as const;

/** The user's rows of one type: every query of this file starts here (the primary key's prefix). */
const ofType = (db: Db, userId: string, type: string) => db.selectFrom('entities').where('user_id', '=', userId).where('type', '=', type);

/**
 * Live rows only, spelt as the partial indexes of migration 0007 spell it (a literal, not a parameter), so the
 * store finds them from `entities_live` / `entities_live_children` without loading rows to check `deleted`.
 */
const LIVE = sql<boolean>`deleted = 0`;

export async function findEntity(db: Db, userId: string, type: string, id: string): Promise<EntityRow | undefined> {
  const { rows } = await runShaped(db, 'findEntity', [userId, type, id], () => ofType(db, userId, type).select(ROW_COLUMNS).where('id', '=', id).compile());
  return rows[0];
}

export async function findEntities(db: Db, userId: string, type: string, ids: string[]): Promise<EntityRow[]> {
  if (ids.length === 0) return [];
  const list = padded(ids);
  const { rows } = await runShaped(db, `findEntities.${list.length}`, [userId, type, ...list], () =>
    ofType(db, userId, type).select(ROW_COLUMNS).where('id', 'in', list).compile(),
  );
  return rows;
}

export async function findChildren(db: Db, userId: string, type: string, parentIds: string[]): Promise<EntityRow[]> {
  if (parentIds.length === 0) return [];
  return ofType(db, userId, type).select(ROW_COLUMNS).where('parent_id', 'in', parentIds).where(LIVE).execute();
}

/** Every live row of a type, with field versions: the source of `MutationTx.all` on the server. */
export async function findLiveEntities(db: Db, userId: string, type: string): Promise<EntityRow[]> {
  return ofType(db, userId, type).select(ROW_COLUMNS).where(LIVE).orderBy('id').execute();
}

/** Parent links of the live children of `parentIds`: just ids, for deriving `children`. */
export async function findChildLinks(db: Db, userId: string, type: string, parentIds: string[]) {
  if (parentIds.length === 0) return [];
  return ofType(db, userId, type).select(['id', 'parent_id']).where('parent_id', 'in', parentIds).where(LIVE).execute();
}

export async function listLive(db: Db, userId: string, type: string, page: { limit?: number; offset?: number } = {}): Promise<ReadRow[]> {
  let q = ofType(db, userId, type).select(PULL_COLUMNS).where(LIVE).orderBy('id');
  if (page.limit !== undefined) q = q.limit(page.limit).offset(page.offset ?? 0);
  return q.execute();
}

/**
 * Ids and JSON sizes (bytes) of the user's live rows of a type, newest change first (ties by id), without
 * reading their data (`octet_length` reads the size from the record header).
 */
export async function liveIdsNewestFirst(db: Db, userId: string, type: string): Promise<{ id: string; size: number }[]> {
  return ofType(db, userId, type)
    .select(['id', sql<number>`octet_length(data)`.as('size')])
    .where(LIVE)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * The live rows of `items`, in that order, read about `batchBytes` of data at a time (at least one row) with a
 * turn of the event loop in between: only one batch is in memory while a collection answer streams. A row
 * deleted meanwhile is left out.
 */
export async function* liveRowsInBatches(
  db: Db,
  userId: string,
  type: string,
  items: { id: string; size: number }[],
  batchBytes = 1024 * 1024,
): AsyncIterable<ReadRow> {
  const pace = pacer(0);
  for (let i = 0; i < items.length; ) {
    let end = i + 1;
    for (let bytes = Number(items[i]!.size); end < items.length && end - i < 500 && bytes + Number(items[end]!.size) <= batchBytes; end++) {
      bytes += Number(items[end]!.size);
    }
    const chunk = items.slice(i, end).map((item) => item.id);
    i = end;
    await pace();
    const found = new Map((await findEntities(db, userId, type, chunk)).map((r) => [r.id, r]));
    for (const id of chunk) {
      const row = found.get(id);
      if (row && !row.deleted) yield row;
    }
  }
}

const UPSERT_CHUNK = 300;
/** The columns of an upsert, in the order its values are given. */
const UPSERT_COLUMNS = ['user_id', 'type', 'id', 'data', 'parent_id', 'version', 'deleted', 'created_at', 'updated_at', 'field_versions'] as const;

/**
 * Write rows (insert or replace) and their tag references; `pace` runs between chunks (see lib/pace.ts).
 * `unheld`: rows known to be new to the database (no references of theirs to drop); `tags`: rows' tag ids
 * known without parsing their JSON (writeTagRefs).
 */
export async function upsertEntities(
  db: Db,
  userId: string,
  rows: EntityRow[],
  pace: () => Promise<void> = async () => {},
  unheld: ReadonlySet<EntityRow> = new Set(),
  tags?: ReadonlyMap<EntityRow, string[]>,
): Promise<void> {
  await writeTagRefs(db, userId, rows, pace, unheld, tags);
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    await pace();
    const values: EntitiesTable[] = rows.slice(i, i + UPSERT_CHUNK).map((r) => ({
      user_id: userId,
      type: r.type,
      id: r.id,
      data: r.data,
      parent_id: r.parent_id ?? null,
      version: r.version,
      deleted: r.deleted,
      created_at: r.created_at,
      updated_at: r.updated_at,
      field_versions: r.field_versions,
    }));
    // One statement per chunk size: the same text (and prepared statement) for every push of that many rows.
    await runShaped(db, `upsertEntities.${values.length}`, values.flatMap((v) => UPSERT_COLUMNS.map((c) => v[c])), () =>
      db
        .insertInto('entities')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['user_id', 'type', 'id']).doUpdateSet((eb) => ({
            data: eb.ref('excluded.data'),
            parent_id: eb.ref('excluded.parent_id'),
            version: eb.ref('excluded.version'),
            deleted: eb.ref('excluded.deleted'),
            field_versions: eb.ref('excluded.field_versions'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .compile(),
    );
  }
}

/**
 * A pull page of the rows changed after `cursor`, in one statement (`Dialect.cutPage`). Where the page ends is
 * decided from the rows' sizes before any row's data is read: rows are taken in version order while their JSON
 * sizes (bytes, plus `overhead` each) add up to at most `maxBytes`, at least one and at most `limit`; the cut
 * counts the rows after `cursor` up to `limit + 1` (`fetched`) and gives the version of the page's last row,
 * summed by the store: on SQLite from the version index alone (migration 0007), then the rows up to that
 * version are read (versions are unique per user); on PostgreSQL in the same pass as the rows (a size there
 * reads the heap tuple anyway). Each row is the JSON of one change built by the store, oldest first: a tombstone as
 * `{"entity","id","version","deleted":true}`, a live row as its stored JSON with the timestamps spliced in
 * (`"data":{…,"createdAt","updatedAt"}`). Stored data is always a JSON object written by `JSON.stringify`, so
 * splicing before its closing brace is safe. The texts are joined into the answer by pull.ts.
 */
export async function readPage(db: Db, userId: string, cursor: number, limit: number, maxBytes: number, overhead: number): Promise<CutPage> {
  const dialect = dialectOf(db);
  const q = dialect.jsonQuote;
  const start = sql`'{"entity":' || ${q(sql.ref('type'))} || ',"id":' || ${q(sql.ref('id'))} || ',"version":' || CAST(version AS TEXT)`;
  // The stored object up to its closing brace, a comma unless it is empty (`{}`), then the timestamps.
  const open = sql`${dialect.dropLastChar(sql.ref('data'))} || CASE WHEN octet_length(data) > 2 THEN ',' ELSE '' END`;
  const live = sql`',"deleted":false,"data":' || ${open} || '"createdAt":' || ${q(sql.ref('created_at'))} || ',"updatedAt":' || ${q(sql.ref('updated_at'))} || '}}'`;
  const column = sql`${start} || CASE WHEN deleted = 1 THEN ',"deleted":true}' ELSE ${live} END`;
  return dialect.cutPage(db, {
    source: sql`FROM entities WHERE user_id = ${userId} AND version > ${cursor}`,
    columns: sql`type, id, version, deleted, data, created_at, updated_at`,
    size: sql`octet_length(data)`,
    column,
    limit,
    maxBytes,
    overhead,
  });
}

/** Drop tombstones older than `before` and raise min_version so older cursors reset (design/sync.md §4). */
export async function collectTombstones(db: Db, userId: string, before: string): Promise<number> {
  await dialectOf(db).lockUser(db, userId);
  const gone = await db
    .deleteFrom('entities')
    .where('user_id', '=', userId)
    .where(sql<boolean>`deleted = 1`)
    .where('updated_at', '<', before)
    .returning('version')
    .execute();
  if (gone.length === 0) return 0;
  const maxVersion = Math.max(...gone.map((g) => Number(g.version)));
  await db
    .updateTable('sync_user')
    .set({ min_version: dialectOf(db).greatest(sql.ref('min_version'), maxVersion) })
    .where('user_id', '=', userId)
    .execute();
  return gone.length;
}
