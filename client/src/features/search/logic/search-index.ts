import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { fuzzyFor, isShortQuery, TITLE_BOOST } from './match-rules';
import { foldedWords } from './text';
import { SEARCH_TYPES, type IndexChange, type SearchAnswer, type SearchDoc, type SearchHit, type SearchType } from './types';

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
// The constants are in match-rules.ts: the palette's narrowing (narrow.ts) matches words by the same rules.
const OPTIONS: Options<SearchDoc> = {
  idField: 'id',
  fields: ['title', 'body'],
  // Words come out of the tokenizer folded already (the query's too), each once per field (see uniqueWords).
  tokenize: uniqueWords,
  processTerm: (term) => term,
  searchOptions: {
    boost: { title: TITLE_BOOST },
    prefix: true,
    // 0.2 of the term's length, from four letters on: one typo in 4–7 letters, two from 8. A three-letter
    // prefix with a typo allowed matches most of the vocabulary (every two-letter word and its completions):
    // 3–7 times the work of the same search without it, for matches nobody meant.
    fuzzy: fuzzyFor,
    combineWith: 'AND',
  },
};

/**
 * The folded words of a field, each once: a word's second occurrence in a note adds nothing a palette needs
 * (ranking by how often a word repeats in one text), and indexing each occurrence is most of the build's work.
 */
function uniqueWords(text: string): string[] {
  const words = foldedWords(text);
  return words.length < 8 ? words : [...new Set(words)];
}

/** The type of a document key `type:id`. */
const typeOf = (key: string) => key.slice(0, key.indexOf(':')) as SearchType;

/**
 * One MiniSearch per type, so a search can stop early per type: a query first looks at the titles of each type
 * (short lists, cheap), and reads a type's bodies only when its titles did not fill that type's share of the
 * results. A title match outranks a body match anyway (boost 3), and a wide query ("pro", 6k documents over
 * bodies) then scores a few hundred titles instead of every body that mentions a word starting so.
 */
export class SearchIndex {
  private readonly byType = new Map<SearchType, MiniSearch<SearchDoc>>(SEARCH_TYPES.map((t) => [t, new MiniSearch<SearchDoc>(OPTIONS)]));

  get size(): number {
    let n = 0;
    for (const mini of this.byType.values()) n += mini.documentCount;
    return n;
  }

  has(key: string): boolean {
    return this.byType.get(typeOf(key))?.has(key.slice(key.indexOf(':') + 1)) ?? false;
  }

  /** Applies a change: upserts replace a document of the same key; removing an absent key is a no-op. */
  apply(change: IndexChange): void {
    for (const key of change.removes) {
      const mini = this.byType.get(typeOf(key));
      const id = key.slice(key.indexOf(':') + 1);
      if (mini?.has(id)) mini.discard(id);
    }
    for (const doc of change.upserts) {
      const mini = this.byType.get(doc.type)!;
      if (mini.has(doc.id)) mini.replace(doc);
      else mini.add(doc);
    }
  }

  /** Empties the index (the user's database went away). */
  clear(): void {
    for (const mini of this.byType.values()) mini.removeAll();
  }

  /**
   * The documents matching every word of `query`, best first, at most `perType` of each type. `counts` are the
   * matches found per type: titles only when they filled the type's share, or for a one- or two-letter query.
   */
  search(query: string, perType = 8): SearchAnswer {
    const counts: Partial<Record<SearchType, number>> = {};
    const hits: SearchHit[] = [];
    if (!query.trim()) return { hits, counts };
    const short = isShortQuery(query);
    for (const [type, mini] of this.byType) {
      if (mini.documentCount === 0) continue;
      let results: SearchResult[] = mini.search(query, { fields: ['title'] });
      if (!short && results.length < perType) results = mini.search(query);
      if (results.length === 0) continue;
      counts[type] = results.length;
      for (const r of results.slice(0, perType)) hits.push({ type, id: r.id as string, score: r.score, terms: r.terms });
    }
    hits.sort((a, b) => b.score - a.score);
    return { hits, counts };
  }
}
