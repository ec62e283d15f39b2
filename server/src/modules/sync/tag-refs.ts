import { TAGGABLE_TYPES } from '@adhd/shared/tags/schema';
import { sql } from 'kysely';
import { padded, runShaped } from '../../db/compiled.js';
import type { Db, EntityRow } from './rows.js';

/**
 * The SQL of `tag_refs`, the index of which live items hold which tag: kept in step with every row write (in
 * the writing transaction, like the FTS triggers) and read by `MutationTx.withTag`, usage counts and the tag
 * reference routes.
 */

const TAGGABLE: ReadonlySet<string> = new Set(TAGGABLE_TYPES);

/** Rows per insert or delete statement. */
const CHUNK = 300;

/** The tag ids in a row's stored JSON (`tags`), or none. */
export function tagIdsIn(data: string): string[] {
  return tagIdsOf(JSON.parse(data) as Record<string, unknown>);
}

/** The tag ids in a row's data (`tags`), or none: `tagIdsIn` of its JSON, without parsing it again. */
export function tagIdsOf(data: Record<string, unknown>): string[] {
  const tags = data.tags;
  return Array.isArray(tags) ? [...new Set(tags.filter((t): t is string => typeof t === 'string'))] : [];
}

/**
 * Keep `tag_refs` in step with the rows written: a written item's references are replaced by the tags its new
 * data holds (none when it is a tombstone). Runs in the writing transaction, like the FTS triggers. Rows in
 * `unheld` are new to the database: they have no references to delete. `tags` may give a row's tag ids
 * (`tagIdsOf` its data, when the caller holds the data parsed); the others are read from its JSON.
 */
export async function writeTagRefs(
  db: Db,
  userId: string,
  rows: EntityRow[],
  pace: () => Promise<void>,
  unheld: ReadonlySet<EntityRow> = new Set(),
  tags?: ReadonlyMap<EntityRow, string[]>,
): Promise<void> {
  const items = rows.filter((r) => TAGGABLE.has(r.type));
  for (let i = 0; i < items.length; i += CHUNK) {
    await pace();
    const chunk = items.slice(i, i + CHUNK);
    for (const type of new Set(chunk.map((r) => r.type))) {
      const held = chunk.filter((r) => r.type === type && !unheld.has(r)).map((r) => r.id);
      if (held.length === 0) continue;
      const ids = padded(held);
      await runShaped(db, `tagRefs.delete.${ids.length}`, [userId, type, ...ids], () =>
        db.deleteFrom('tag_refs').where('user_id', '=', userId).where('item_type', '=', type).where('item_id', 'in', ids).compile(),
      );
    }
    const refs = chunk.flatMap((r) => (r.deleted ? [] : (tags?.get(r) ?? tagIdsIn(r.data)).map((tagId) => ({ user_id: userId, tag_id: tagId, item_type: r.type, item_id: r.id }))));
    for (let j = 0; j < refs.length; j += CHUNK) {
      // Padded with repeats of its last reference, which the conflict clause ignores (a few shapes: compiled.ts).
      const values = padded(refs.slice(j, j + CHUNK));
      await runShaped(db, `tagRefs.insert.${values.length}`, values.flatMap((r) => [r.user_id, r.tag_id, r.item_type, r.item_id]), () =>
        db.insertInto('tag_refs').values(values).onConflict((oc) => oc.doNothing()).compile(),
      );
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
