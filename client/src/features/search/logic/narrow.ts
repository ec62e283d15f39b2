import { isShortQuery, typosAllowed } from './match-rules';
import { foldedWords } from './text';
import { SEARCH_TYPES, type SearchType } from './types';

/**
 * Narrowing the palette's list on the main thread, in the keystroke's own task (issue 16, metric 160): when the
 * user types forward ("proj" → "proje", "budget" → "budget r"), the rows on screen that still match are shown at
 * once, in their order, while the worker (search.worker.ts) computes the real answer, which replaces them when it
 * differs (its order is the truth: scores change with the query).
 *
 * The rows are matched by the index's own rules (search-index.ts, match-rules.ts): the query's folded words,
 * every one required (AND), each matching a word of the document by prefix or, from four letters on, within
 * `typosAllowed` edits (Levenshtein, as MiniSearch's `fuzzyGet`); titles only for a one- or two-letter query, else
 * title and body. So a narrowed row is a row of the new answer (unless its text changed since) with the same bold
 * words (`terms`: the document's words that matched).
 *
 * Whether the narrowed list is *complete* (nothing the worker adds) is known per type (`exact`): a type's group is
 * complete when every match of the old query was on screen (fewer than `perType`, bodies searched: not a short
 * query) and every word of the new query that differs from the old one allows no typo (shorter than four letters).
 * A longer word's typo matches are not a subset of its prefix's ("proje" matches "prose" at one edit; "proj" does
 * not, at one edit); and one- or two-letter queries looked at titles only. Other groups are provisional.
 */

/** A row as the palette shows it (use-search-results.ts's `PaletteItem`). */
export interface NarrowItem {
  type: SearchType;
  id: string;
  title: string;
  body: string;
  /** The document's folded words that matched (bold in the row). */
  terms: ReadonlySet<string>;
}

/** What is on screen: the query it answers, its rows in order, and the types whose every match is among them. */
export interface ShownList<T extends NarrowItem = NarrowItem> {
  query: string;
  items: readonly T[];
  exact: ReadonlySet<SearchType>;
}

/** The query's terms as the index reads them (its tokenizer: folded words). */
export const queryTerms = (query: string): string[] => foldedWords(query);

/**
 * Whether `next` types forward from `prev`: each word of `prev` is the start of the word at its place in `next`,
 * which may add words. Backspace, a changed word, a query replaced (pasted over) are not. Nor is a step from or to
 * a one- or two-letter query (titles only): there the narrowed list is nearly never the answer (the few rows of a
 * one-letter query's list that go on matching, then the bodies a third letter searches), so it would change twice.
 */
export function typedForward(prev: string, next: string): boolean {
  if (isShortQuery(prev) || isShortQuery(next)) return false;
  const before = queryTerms(prev);
  const after = queryTerms(next);
  if (before.length === 0 || after.length < before.length) return false;
  return before.every((term, i) => after[i]!.startsWith(term));
}

/** Whether every match of `next` is a match of `prev` (given `typedForward`), by the index's rules; see above. */
export function subsetOf(prev: string, next: string): boolean {
  if (isShortQuery(prev) || isShortQuery(next)) return false;
  const before = queryTerms(prev);
  const after = queryTerms(next);
  return before.every((term, i) => after[i] === term || typosAllowed(after[i]!) === 0);
}

/** Two rows of the edit distance's table, reused (grown for longer words). */
let rowA = new Uint16Array(64);
let rowB = new Uint16Array(64);

/** Levenshtein distance of `a` and `b` if it is at most `max`, else `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) {
    rowA = new Uint16Array(b.length * 2);
    rowB = new Uint16Array(b.length * 2);
  }
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row[j] = d;
      if (d < least) least = d;
    }
    if (least > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/**
 * The distinct folded words of a text, kept per text (the same string of the same document, keystroke after
 * keystroke: a note's body is read once, not at every keystroke). Emptied when it grows past `WORDS_KEPT` texts.
 */
const wordsOf = new Map<string, readonly string[]>();
const WORDS_KEPT = 1000;

function distinctWords(text: string): readonly string[] {
  let words = wordsOf.get(text);
  if (!words) {
    if (wordsOf.size >= WORDS_KEPT) wordsOf.clear();
    wordsOf.set(text, (words = [...new Set(foldedWords(text))]));
  }
  return words;
}

/** Whether a document word matches a query term: by prefix, or within the term's typos. */
export function wordMatches(word: string, term: string, typos = typosAllowed(term)): boolean {
  return word.startsWith(term) || (typos > 0 && editDistance(word, term, typos) <= typos);
}

/**
 * The words of a document that match `terms` (all of which must match, each in the title or, unless
 * `titlesOnly`, the body), or null when it does not match. An empty query matches nothing (as MiniSearch).
 */
export function matchDocument(doc: { title: string; body: string }, terms: readonly string[], titlesOnly: boolean): Set<string> | null {
  if (terms.length === 0) return null;
  const typos = terms.map((t) => typosAllowed(t));
  const found = terms.map(() => false);
  const matched = new Set<string>();
  const look = (words: readonly string[]) => {
    for (const word of words) {
      for (let i = 0; i < terms.length; i++) {
        if (!wordMatches(word, terms[i]!, typos[i])) continue;
        found[i] = true;
        matched.add(word);
      }
    }
  };
  look(distinctWords(doc.title));
  if (!titlesOnly && doc.body) look(distinctWords(doc.body));
  return found.every(Boolean) ? matched : null;
}

/** Reads the words of the documents on screen ahead of the next keystroke (in idle time), which then narrows them. */
export function readAhead(docs: readonly { title: string; body: string }[]): void {
  for (const doc of docs) {
    distinctWords(doc.title);
    if (doc.body) distinctWords(doc.body);
  }
}

/** The types whose every match is in a worker's answer for `query` (`counts`: matches per type). */
export function exactTypes(query: string, counts: Partial<Record<SearchType, number>>, perType: number): Set<SearchType> {
  if (isShortQuery(query)) return new Set();
  return new Set(SEARCH_TYPES.filter((t) => (counts[t] ?? 0) < perType));
}

/**
 * The rows of `shown` that match `query`, in their order, with their bold words for `query`, read from the
 * documents' current text (`current`; a row whose document is gone is dropped). Null when `query` does not type
 * forward from the shown one, or when nothing is left and some group was provisional (the worker's answer is
 * awaited rather than "No results" shown for a moment).
 */
export function narrow(
  shown: ShownList,
  query: string,
  current: (type: SearchType, id: string) => { title: string; body: string } | undefined,
): { items: NarrowItem[]; exact: ReadonlySet<SearchType> } | null {
  if (!typedForward(shown.query, query)) return null;
  const terms = queryTerms(query);
  const titlesOnly = isShortQuery(query);
  const items: NarrowItem[] = [];
  for (const item of shown.items) {
    const doc = current(item.type, item.id);
    const matched = doc && matchDocument(doc, terms, titlesOnly);
    if (matched) items.push({ type: item.type, id: item.id, title: doc.title, body: doc.body, terms: matched });
  }
  const exact: ReadonlySet<SearchType> = subsetOf(shown.query, query) ? shown.exact : new Set();
  if (items.length === 0 && !SEARCH_TYPES.every((t) => exact.has(t))) return null;
  return { items, exact };
}
