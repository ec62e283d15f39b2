import MiniSearch, { type SearchResult } from 'minisearch';
import { foldTerm, tokenize } from './text';

/**
 * The palette's full-text index: MiniSearch over the local tasks, notes, events, habits and inbox items. A
 * plain module (no worker API), so vitest tests it directly; search.worker.ts runs it off the main thread.
 *
 * Each entity is one document keyed `type:id` with two fields: `title` (boosted) and `body` (description,
 * note content, event location, the rest of an inbox item). Terms are Unicode words, case and diacritics folded
 * (logic/text.ts); a query matches words by prefix and, from three letters on, with a typo (fuzzy 0.2 of the
 * term's length), every word of the query in the same document.
 */
export const SEARCH_TYPES = ['task', 'note', 'event', 'habit', 'inbox'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchDoc {
  /** `type:id`: ids are unique per type only. */
  key: string;
  type: SearchType;
  id: string;
  title: string;
  body: string;
}

/** The index's change: documents added or replaced, and the keys of documents gone. */
export interface IndexChange {
  upserts: readonly SearchDoc[];
  removes: readonly string[];
}

export interface SearchHit {
  type: SearchType;
  id: string;
  score: number;
  /** The document's words (folded) that matched, for the snippet's bold words. */
  terms: string[];
}

export interface SearchAnswer {
  /** The best hits of each type (at most `perType` each), best first overall. */
  hits: SearchHit[];
  /** Every matching document, by type. */
  counts: Partial<Record<SearchType, number>>;
}

export const docKey = (type: SearchType, id: string) => `${type}:${id}`;

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
