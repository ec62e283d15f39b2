import type { SearchResponse, SearchResult, SearchResultType, SearchType } from '@adhd/shared/search/schema';
import { drainSearchIndex } from '../../db/search-index.js';
import { dialectOf, type SearchIndexType } from '../../db/dialect.js';
import { childrenIndex } from '@adhd/shared/tasks/logic';
import { toApi } from '../../lib/api-row.js';
import { findChildLinks, findEntities, type Db } from '../sync/repository.js';
import { habitsByIds } from '../habits/repository.js';
import { searchWords } from '../notes/repository.js';

/**
 * `GET /api/search` (docs/search.md): the user's tasks, notes, events, habits and inbox items whose text matches
 * every word of the query as a prefix, best match first, each as its own GET route answers it. The indexes are
 * kept by triggers (migrations 0004 for notes, 0010 for the rest); this file only asks them and reads the hits.
 */

/** Results answered at most. */
export const SEARCH_LIMIT = 50;
/** Matches counted at most: `total` says "this many or more" beyond it. */
export const SEARCH_TOTAL_CAP = 1000;

const ALL: readonly SearchIndexType[] = ['task', 'note', 'event', 'habit', 'inbox'];

/** The API objects of one type's hits, by id (absent: gone since the index was read, or never there). */
async function readHits(db: Db, userId: string, type: SearchResultType, ids: string[], today: string): Promise<Map<string, object>> {
  if (type === 'task') {
    // As tasks/repository.ts `tasksByIds` answers them, its two reads side by side (children of a gone row are unused).
    const [rows, links] = await Promise.all([findEntities(db, userId, 'task', ids), findChildLinks(db, userId, 'task', ids)]);
    const children = childrenIndex(links.map((k) => ({ id: k.id, parent: k.parent_id })));
    return new Map(rows.filter((r) => !r.deleted).map((r) => [r.id, toApi<object, { children: string[] }>(r, { children: children.get(r.id) ?? [] })]));
  }
  if (type === 'habit') return new Map((await habitsByIds(db, userId, ids, today)).map((h) => [h._id, h]));
  const rows = (await findEntities(db, userId, type, ids)).filter((r) => !r.deleted);
  return new Map(rows.map((r) => [r.id, toApi<object>(r)]));
}

/**
 * The search itself: `text` is split into words (notes/repository.ts `searchWords`); none (blank or only
 * punctuation) answers nothing without touching the store. `today` is the user's date (a habit's streaks).
 */
export async function search(db: Db, userId: string, text: string, type: SearchType, today: string, limit = SEARCH_LIMIT): Promise<SearchResponse> {
  const words = searchWords(text);
  if (words.length === 0) return { results: [], total: 0 };
  const types = type === 'all' ? ALL : [type];
  // SQLite indexes after the writes (ADR 0007): what is queued is indexed first, so every committed write is found.
  await drainSearchIndex(db);
  const { rows } = await dialectOf(db).search(userId, words, types, limit).execute(db);
  const top = rows as { type: SearchResultType; id: string }[];
  const matches = Math.min(Number(rows[0]?.total ?? 0), SEARCH_TOTAL_CAP);
  const byType = new Map<SearchResultType, string[]>();
  for (const hit of top) byType.set(hit.type, [...(byType.get(hit.type) ?? []), hit.id]);
  // The types' reads are independent: on PostgreSQL they run side by side on the pool's connections.
  const found = new Map(await Promise.all([...byType].map(async ([t, ids]) => [t, await readHits(db, userId, t, ids, today)] as const)));
  const results: SearchResult[] = [];
  for (const hit of top) {
    const data = found.get(hit.type)?.get(hit.id);
    if (data) results.push({ type: hit.type, id: hit.id, data: data as Record<string, unknown> });
  }
  return { results, total: matches - (top.length - results.length) };
}
