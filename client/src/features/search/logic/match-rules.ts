/**
 * How a query matches words, shared by the index (search-index.ts, in the worker, through MiniSearch's options)
 * and the palette's narrowing on the main thread (narrow.ts), which must match exactly the same words. Kept free
 * of MiniSearch: the palette's chunk imports it.
 */

/** A title match counts this much more than a body match. */
export const TITLE_BOOST = 3;
/** The share of a term's length allowed as typos (edit distance), from `FUZZY_FROM` letters on. */
export const FUZZY = 0.2;
export const FUZZY_FROM = 4;
/** MiniSearch's default cap on the edit distance (`maxFuzzy`). */
const MAX_FUZZY = 6;
/** A query shorter than this (one or two letters) searches titles only: in bodies it matches nearly everything. */
export const SHORT_QUERY = 3;

/** Whether `query` is short: it searches titles only. */
export const isShortQuery = (query: string) => query.trim().length < SHORT_QUERY;

/** The fuzzy option for a query term: 0.2 of its length from four letters on, none before. */
export const fuzzyFor = (term: string): number | false => (term.length >= FUZZY_FROM ? FUZZY : false);

/** The edit distance a query term allows (MiniSearch: `min(maxFuzzy, round(length × fuzzy))`). */
export function typosAllowed(term: string): number {
  const fuzzy = fuzzyFor(term);
  return fuzzy === false ? 0 : Math.min(MAX_FUZZY, Math.round(term.length * fuzzy));
}
