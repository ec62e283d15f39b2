import MiniSearch, { type SearchResult } from 'minisearch';
import { foldTerm, tokenize } from './text';
import type { IndexChange, SearchAnswer, SearchDoc, SearchHit, SearchType } from './types';

export { docKey, SEARCH_TYPES, type IndexChange, type SearchAnswer, type SearchDoc, type SearchHit, type SearchType } from './types';

/**
 * The palette's full-text index: MiniSearch over the local tasks, notes, events, habits and inbox items. A
 * plain module (no worker API), so vitest tests it directly; search.worker.ts runs it off the main thread.
 *
 * Each entity is one document keyed `type:id` with two fields: `title` (boosted) and `body` (description,
 * note content, event location, the rest of an inbox item). Terms are Unicode words, case and diacritics folded
 * (logic/text.ts); a query matches words by prefix and, from three letters on, with a typo (fuzzy 0.2 of the
 * term's length), every word of the query in the same document.
 */
const TITLE_BOOST = 3;
const FUZZY = 0.2;

export class SearchIndex {
  private readonly mini = new MiniSearch<SearchDoc>({
    idField: 'key',
    fields: ['title', 'body'],
    storeFields: ['type'],
    tokenize,
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: {
      boost: { title: TITLE_BOOST },
      prefix: true,
      fuzzy: FUZZY,
      combineWith: 'AND',
    },
  });

  get size(): number {
    return this.mini.documentCount;
  }

  has(key: string): boolean {
    return this.mini.has(key);
  }

  /** Applies a change: upserts replace a document of the same key; removing an absent key is a no-op. */
  apply(change: IndexChange): void {
    for (const key of change.removes) if (this.mini.has(key)) this.mini.discard(key);
    for (const doc of change.upserts) {
      if (this.mini.has(doc.key)) this.mini.replace(doc);
      else this.mini.add(doc);
    }
  }

  /** Empties the index (the user's database went away). */
  clear(): void {
    this.mini.removeAll();
  }

  /** The documents matching every word of `query`, best first, at most `perType` of each type. */
  search(query: string, perType = 8): SearchAnswer {
    const counts: Partial<Record<SearchType, number>> = {};
    const hits: SearchHit[] = [];
    if (!query.trim()) return { hits, counts };
    const results = this.mini.search(query) as (SearchResult & { type: SearchType })[];
    for (const r of results) {
      const n = (counts[r.type] ?? 0) + 1;
      counts[r.type] = n;
      if (n <= perType) hits.push({ type: r.type, id: (r.id as string).slice(r.type.length + 1), score: r.score, terms: r.terms });
    }
    return { hits, counts };
  }
}
