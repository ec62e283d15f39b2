import { sql, type Kysely, type Transaction } from 'kysely';
import { TAGGABLE_TYPES } from '@adhd/shared/tags/schema';
import type { Database, EntitiesTable } from '../../db/schema.js';
import { pacer } from '../../lib/pace.js';

/** All SQL of the sync engine. Every function takes the transaction it runs in. */

export type Db = Kysely<Database> | Transaction<Database>;

/** A row of `entities` without its owner (every query is already scoped to one user). */
export type EntityRow = Omit<EntitiesTable, 'user_id'>;

const PULL_COLUMNS = ['type', 'id', 'data', 'parent_id', 'version', 'deleted', 'created_at', 'updated_at'] as const;
const ROW_COLUMNS = [...PULL_COLUMNS, 'field_versions'] as const;

export async function findEntity(db: Db, userId: string, type: string, id: string): Promise<EntityRow | undefined> {
  return db
    .selectFrom('entities')
    .select(ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findEntities(db: Db, userId: string, type: string, ids: string[]): Promise<EntityRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('entities')
    .select(ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('id', 'in', ids)
    .execute();
}

export async function findChildren(db: Db, userId: string, type: string, parentIds: string[]): Promise<EntityRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .selectFrom('entities')
    .select(ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('parent_id', 'in', parentIds)
    .where('deleted', '=', 0)
    .execute();
}

/** Every live row of a type, with field versions: the source of `MutationTx.all` on the server. */
export async function findLiveEntities(db: Db, userId: string, type: string): Promise<EntityRow[]> {
  return db
    .selectFrom('entities')
    .select(ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('deleted', '=', 0)
    .orderBy('id')
    .execute();
}

/** Parent links of the live children of `parentIds`: just ids, for deriving `children`. */
export async function findChildLinks(db: Db, userId: string, type: string, parentIds: string[]) {
  if (parentIds.length === 0) return [];
  return db
    .selectFrom('entities')
    .select(['id', 'parent_id'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('parent_id', 'in', parentIds)
    .where('deleted', '=', 0)
    .execute();
}

export type ReadRow = Omit<EntityRow, 'field_versions'>;

export async function listLive(
  db: Db,
  userId: string,
  type: string,
  page: { limit?: number; offset?: number } = {},
): Promise<ReadRow[]> {
  let q = db
    .selectFrom('entities')
    .select(PULL_COLUMNS)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('deleted', '=', 0)
    .orderBy('id');
  if (page.limit !== undefined) q = q.limit(page.limit).offset(page.offset ?? 0);
  return q.execute();
}

/**
 * Ids and JSON sizes (bytes) of the user's live rows of a type, newest change first (ties by id), without
 * reading their data (`octet_length` reads the size from the record header).
 */
export async function liveIdsNewestFirst(db: Db, userId: string, type: string): Promise<{ id: string; size: number }[]> {
  return db
    .selectFrom('entities')
    .select(['id', sql<number>`octet_length(data)`.as('size')])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('deleted', '=', 0)
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

/**
 * Ensure the user's counter exists, bump it by `n` and the stored byte total by `bytes` (the size delta of the
 * rows written); answers the new version. Serializes a user's writes.
 */
export async function bumpSeq(db: Db, userId: string, n: number, bytes = 0): Promise<number> {
  await db.insertInto('sync_user').values({ user_id: userId, seq: 0, min_version: 0 }).onConflict((oc) => oc.doNothing()).execute();
  const row = await db
    .updateTable('sync_user')
    .set({ seq: sql`seq + ${n}`, bytes: sql`CASE WHEN bytes + ${bytes} < 0 THEN 0 ELSE bytes + ${bytes} END` })
    .where('user_id', '=', userId)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

export async function readSeq(db: Db, userId: string): Promise<{ seq: number; minVersion: number; bytes: number }> {
  const row = await db.selectFrom('sync_user').select(['seq', 'min_version', 'bytes']).where('user_id', '=', userId).executeTakeFirst();
  return { seq: Number(row?.seq ?? 0), minVersion: Number(row?.min_version ?? 0), bytes: Number(row?.bytes ?? 0) };
}

const UPSERT_CHUNK = 300;

const TAGGABLE: ReadonlySet<string> = new Set(TAGGABLE_TYPES);

/** The tag ids in a row's stored JSON (`tags`), or none. */
export function tagIdsIn(data: string): string[] {
  const tags = (JSON.parse(data) as { tags?: unknown }).tags;
  return Array.isArray(tags) ? [...new Set(tags.filter((t): t is string => typeof t === 'string'))] : [];
}

/**
 * Keep `tag_refs` in step with the rows written: a written item's references are replaced by the tags its new
 * data holds (none when it is a tombstone). Runs in the writing transaction, like the FTS triggers.
 */
async function writeTagRefs(db: Db, userId: string, rows: EntityRow[], pace: () => Promise<void>): Promise<void> {
  const items = rows.filter((r) => TAGGABLE.has(r.type));
  for (let i = 0; i < items.length; i += UPSERT_CHUNK) {
    await pace();
    const chunk = items.slice(i, i + UPSERT_CHUNK);
    for (const type of new Set(chunk.map((r) => r.type))) {
      const ids = chunk.filter((r) => r.type === type).map((r) => r.id);
      await db.deleteFrom('tag_refs').where('user_id', '=', userId).where('item_type', '=', type).where('item_id', 'in', ids).execute();
    }
    const refs = chunk.flatMap((r) => (r.deleted ? [] : tagIdsIn(r.data).map((tagId) => ({ user_id: userId, tag_id: tagId, item_type: r.type, item_id: r.id }))));
    for (let j = 0; j < refs.length; j += UPSERT_CHUNK) {
      await db.insertInto('tag_refs').values(refs.slice(j, j + UPSERT_CHUNK)).onConflict((oc) => oc.doNothing()).execute();
    }
  }
}

/** Ids of the live items of a type that hold a tag, from the `tag_refs` index (the database's state). */
export async function findTaggedIds(db: Db, userId: string, type: string, tagId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tag_refs')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('tag_id', '=', tagId)
    .where('item_type', '=', type)
    .orderBy('item_id')
    .execute();
  return rows.map((r) => r.item_id);
}

/** How many live items hold each tag, from the `tag_refs` index. */
export async function countTagRefs(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tag_refs')
    .select(['tag_id', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('tag_id')
    .execute();
  return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
}

/** Live items holding tags, from the `tag_refs` index: one tag's, or every tag's; optionally of one type. */
export async function findTagRefs(db: Db, userId: string, opts: { tagId?: string; itemType?: string } = {}) {
  let q = db.selectFrom('tag_refs').select(['tag_id', 'item_type', 'item_id']).where('user_id', '=', userId);
  if (opts.tagId) q = q.where('tag_id', '=', opts.tagId);
  if (opts.itemType) q = q.where('item_type', '=', opts.itemType);
  return q.orderBy('item_type').orderBy('item_id').execute();
}

/** Write rows (insert or replace) and their tag references; `pace` runs between chunks (see lib/pace.ts). */
export async function upsertEntities(db: Db, userId: string, rows: EntityRow[], pace: () => Promise<void> = async () => {}): Promise<void> {
  await writeTagRefs(db, userId, rows, pace);
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    await pace();
    const values: EntitiesTable[] = rows.slice(i, i + UPSERT_CHUNK).map((r) => ({ user_id: userId, ...r }));
    await db
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
      .execute();
  }
}

export async function findClient(db: Db, clientId: string) {
  return db
    .selectFrom('sync_client')
    .select(['user_id', 'last_mutation_id'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function saveClient(db: Db, clientId: string, userId: string, lastMutationId: number, now: string) {
  await db
    .insertInto('sync_client')
    .values({ client_id: clientId, user_id: userId, last_mutation_id: lastMutationId, last_seen_at: now })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ last_mutation_id: lastMutationId, last_seen_at: now }))
    .execute();
}

/** Why a pushed mutation was rejected, as its push answered (docs/sync.md, push). */
export interface Rejection {
  id: number;
  code: string;
  message: string;
}

/**
 * The client's remembered rejections with ids from `from` to `to` (the already processed ids of a push), by id:
 * one range scan of the primary key.
 */
export async function findRejections(db: Db, clientId: string, from: number, to: number): Promise<Map<number, Rejection>> {
  const rows = await db
    .selectFrom('sync_rejection')
    .select(['mutation_id', 'code', 'message'])
    .where('client_id', '=', clientId)
    .where('mutation_id', '>=', from)
    .where('mutation_id', '<=', to)
    .execute();
  return new Map(rows.map((r) => [Number(r.mutation_id), { id: Number(r.mutation_id), code: r.code, message: r.message }]));
}

/** Remember the rejections of a push, in its transaction (after `saveClient`: the rows belong to the client). */
export async function saveRejections(db: Db, clientId: string, rejections: Rejection[], now: string): Promise<void> {
  for (let i = 0; i < rejections.length; i += UPSERT_CHUNK) {
    const values = rejections.slice(i, i + UPSERT_CHUNK).map((r) => ({ client_id: clientId, mutation_id: r.id, code: r.code, message: r.message, created_at: now }));
    await db
      .insertInto('sync_rejection')
      .values(values)
      .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doUpdateSet((eb) => ({ code: eb.ref('excluded.code'), message: eb.ref('excluded.message'), created_at: eb.ref('excluded.created_at') })))
      .execute();
  }
}

/**
 * Forget the client's rejections below `id`: a push that starts at `id` comes from a client that has taken in
 * every answer before it (docs/sync.md, push), so those can no longer be asked again.
 */
export async function forgetRejectionsBelow(db: Db, clientId: string, id: number): Promise<void> {
  await db.deleteFrom('sync_rejection').where('client_id', '=', clientId).where('mutation_id', '<', id).execute();
}

/** Forget every client's rejections remembered before `before` (the maintenance job); answers how many. */
export async function pruneRejections(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('sync_rejection').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Rows changed after `cursor`, oldest first: one indexed range scan over (user_id, version). */
export async function changesSince(db: Db, userId: string, cursor: number, limit: number) {
  return db
    .selectFrom('entities')
    .select(PULL_COLUMNS)
    .where('user_id', '=', userId)
    .where('version', '>', cursor)
    .orderBy('version')
    .limit(limit)
    .execute();
}

/** The newest database epoch, or undefined before the first. */
export async function newestEpoch(db: Db): Promise<{ id: string; createdAt: string } | undefined> {
  const row = await db.selectFrom('epochs').select(['id', 'created_at']).orderBy('n', 'desc').limit(1).executeTakeFirst();
  return row ? { id: row.id, createdAt: row.created_at } : undefined;
}

export async function epochKnown(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('epochs').select('n').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function addEpoch(db: Db, id: string, createdAt: string): Promise<void> {
  await db.insertInto('epochs').values({ id, created_at: createdAt }).execute();
}

/**
 * Versions and JSON sizes (bytes) of the rows changed after `cursor`, oldest first: the pull decides where to
 * cut a page before it reads any row's data. `octet_length` reads the size from the record header.
 */
export async function changeSizes(db: Db, userId: string, cursor: number, limit: number) {
  return db
    .selectFrom('entities')
    .select(['version', sql<number>`octet_length(data)`.as('size')])
    .where('user_id', '=', userId)
    .where('version', '>', cursor)
    .orderBy('version')
    .limit(limit)
    .execute();
}

/** Drop tombstones older than `before` and raise min_version so older cursors reset (design/sync.md §4). */
export async function collectTombstones(db: Db, userId: string, before: string): Promise<number> {
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
    .set({ min_version: sql`max(min_version, ${maxVersion})` })
    .where('user_id', '=', userId)
    .execute();
  return gone.length;
}

/** Whether a session still exists, has not expired and its user is not disabled (open streams check it). */
export async function sessionActive(db: Db, sessionId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}
