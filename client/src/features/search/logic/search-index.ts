import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { SHORT_QUERY } from './answer-key';
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
const TITLE_BOOST = 3;
const FUZZY = 0.2;
const FUZZY_FROM = 4;

const OPTIONS: Options<SearchDoc> = {
  idField: 'id',
  fields: ['title', 'body'],
  // Words come out of the tokenizer folded already (the query's too), each once per field (see uniqueWords).
  tokenize: uniqueWords,
  // Vacuumed by `apply` itself, at once (see there), never later in the background.
  autoVacuum: false,
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
};

/**
 * The folded words of a field, each once: a word's second occurrence in a note adds nothing a palette needs
 * (ranking by how often a word repeats in one text), and indexing each occurrence is most of the build's work.
 */
function uniqueWords(text: string): string[] {
  const words = foldedWords(text);
  return words.length < 8 ? words : [...new Set(words)];
}

/** MiniSearch's term tree (a radix tree of the indexed words): not public API, read only for `nextLetters`. */
interface TermTree {
  atPrefix(prefix: string): { keys(): Iterable<string> };
}
const vocabulary = (mini: MiniSearch<SearchDoc>) => (mini as unknown as { _index: TermTree })._index;

/** MiniSearch's internals that its vacuum works on (minisearch 7: `performVacuuming`), not public API. */
interface Internals {
  _index: Map<string, Map<number, Map<number, number>>> & TermTree;
  _documentIds: Map<number, unknown>;
  _dirtCount: number;
}

/**
 * MiniSearch's vacuum in one synchronous pass: the discarded documents' entries leave every word's postings (and
 * a word left with none leaves the tree). Its own `vacuum()` does the same walk, but in a promise, queued behind
 * a vacuum under way, so an index could be searched while still dirty.
 */
function vacuumNow(mini: MiniSearch<SearchDoc>): void {
  const inner = mini as unknown as Internals;
  const empty: string[] = [];
  for (const [term, fields] of inner._index) {
    for (const [fieldId, postings] of fields) {
      for (const docId of postings.keys()) if (!inner._documentIds.has(docId)) postings.delete(docId);
      if (postings.size === 0) fields.delete(fieldId);
    }
    if (fields.size === 0) empty.push(term);
  }
  for (const term of empty) inner._index.delete(term);
  inner._dirtCount = 0;
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
  /** Changes applied so far (`apply` and `clear`): an answer computed at one version is the answer until the next. */
  version = 0;

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
    this.version++;
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
    // A document removed or replaced is only discarded: its words keep it in the term index until a vacuum, and
    // a search that comes across it counts it in that word's document frequency for the documents before it, then
    // drops it. Answers would then depend on the searches made before (an answer computed ahead would differ from
    // the same search made later). So the discarded go now (MiniSearch's own vacuum is asynchronous:
    // within this call (a walk over the index: a few ms in the worker, only after an edit or a removal).
    for (const mini of this.byType.values()) if (mini.dirtCount > 0) vacuumNow(mini);
  }

  /** Whether every answer is a function of the version: no discarded document is left in the index. */
  get settled(): boolean {
    for (const mini of this.byType.values()) if (mini.dirtCount > 0) return false;
    return true;
  }

  /** Empties the index (the user's database went away). */
  clear(): void {
    this.version++;
    for (const mini of this.byType.values()) mini.removeAll();
  }

  /**
   * The letters that follow `prefix` in the indexed words (every type, titles and bodies), the most frequent first:
   * the next keystrokes worth answering ahead (logic/predict.ts). At most `limit` words are looked at.
   */
  nextLetters(prefix: string, limit = 20_000): string[] {
    const counts = new Map<string, number>();
    let seen = 0;
    for (const mini of this.byType.values()) {
      for (const term of vocabulary(mini).atPrefix(prefix).keys()) {
        if (++seen > limit) break;
        // A letter as the query's tokenizer sees it: one code point (a surrogate pair stays whole).
        const next = term.length > prefix.length ? String.fromCodePoint(term.codePointAt(prefix.length)!) : '';
        if (next) counts.set(next, (counts.get(next) ?? 0) + 1);
      }
    }
    return [...counts].sort((a, b) => b[1] - a[1]).map(([letter]) => letter);
  }

  /**
   * The documents matching every word of `query`, best first, at most `perType` of each type. `counts` are the
   * matches found per type: titles only when they filled the type's share, or for a one- or two-letter query.
   */
  search(query: string, perType = 8): SearchAnswer {
    const counts: Partial<Record<SearchType, number>> = {};
    const hits: SearchHit[] = [];
    if (!query.trim()) return { hits, counts };
    const short = query.trim().length < SHORT_QUERY;
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
