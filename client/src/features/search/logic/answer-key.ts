import { foldedWords } from './text';

/** A query shorter than this (one or two letters) searches titles only: in bodies it matches nearly everything. */
export const SHORT_QUERY = 3;

/**
 * What a search's answer depends on, as a string: `SearchIndex.search(query, perType)` reads the query only
 * through its folded words (MiniSearch's tokenizer, logic/search-index.ts) and whether it is short (its trimmed
 * length). Two queries with the same key get the same answer from the same index, so an answer computed ahead for
 * one ("proj" + "e", folded) is exactly the answer to the other ("Proje" typed). Kept free of MiniSearch: the
 * palette's chunk computes it at the keystroke.
 */
export function answerKey(query: string, perType: number): string {
  const trimmed = query.trim();
  if (!trimmed) return '';
  return `${perType}|${trimmed.length < SHORT_QUERY ? 's' : 'l'}|${foldedWords(trimmed).join(' ')}`;
}
