import MiniSearch, { type SearchResult } from 'minisearch';
import { foldedWords } from './text';
import type { IndexChange, SearchAnswer, SearchDoc, SearchHit, SearchType } from './types';

export { docKey, SEARCH_TYPES, type IndexChange, type SearchAnswer, type SearchDoc, type SearchHit, type SearchType } from './types';

/**
 * The palette's full-text index: MiniSearch over the local tasks, notes, events, habits and inbox items. A
 * plain module (no worker API), so vitest tests it directly; search.worker.ts runs it off the main thread.
 *
 * Each entity is one document keyed `type:id` with two fields: `title` (boosted) and `body` (description,
 * note content, event location, the rest of an inbox item). Terms are Unicode words, case and diacritics folded
 * (logic/text.ts); a query matches words by prefix and, from four letters on, with a typo (fuzzy 0.2 of the
 * term's length), every word of the query in the same document. A one- or two-letter query looks at titles only.
 */
const TITLE_BOOST = 3;
const FUZZY = 0.2;
const FUZZY_FROM = 4;
/** A query shorter than this (one or two letters) searches titles only: in bodies it matches nearly everything. */
const SHORT_QUERY = 3;

export class SearchIndex {
  private readonly mini = new MiniSearch<SearchDoc>({
    idField: 'key',
    fields: ['title', 'body'],
    storeFields: ['type'],
    // Words come out of the tokenizer folded already (the query's too).
    tokenize: foldedWords,
    processTerm: (term) => term,
    searchOptions: {
      boost: { title: TITLE_BOOST },
      prefix: true,
      // 0.2 of the term's length, from four letters on: one typo in 4–7 letters, two from 8. A three-letter
      // prefix with a typo allowed matches most of the vocabulary (every two-letter word and its completions):
      // 3–7 times the work of the same search without it, for matches nobody meant.
      fuzzy: (term) => (term.length >= FUZZY_FROM ? FUZZY : false),
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
    const short = query.trim().length < SHORT_QUERY;
    const results = this.mini.search(query, short ? { fields: ['title'] } : {}) as (SearchResult & { type: SearchType })[];
    for (const r of results) {
      const n = (counts[r.type] ?? 0) + 1;
      counts[r.type] = n;
      if (n <= perType) hits.push({ type: r.type, id: (r.id as string).slice(r.type.length + 1), score: r.score, terms: r.terms });
    }
    return { hits, counts };
  }
}
