/**
 * Text folding and tokenising shared by the search index (in the worker) and the result snippets (on the main
 * thread), so a highlighted word is exactly a word the index matched. Kept free of MiniSearch: the snippet code
 * runs in the palette's chunk.
 */

/** Letters and digits of any script: everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
/** One character of a word. */
const LETTER = /[\p{L}\p{N}]/u;
const MARKS = /\p{M}+/gu;
const SHORT_I = /и\u0306/g;
/**
 * A character past ASCII other than а–я (й included): one that may carry a mark. Control characters and ASCII
 * white space (line breaks of a note) carry none. Written as ranges, not a negated class, which the pattern fuzz
 * test (shared/src/validation/patterns.test.ts) cannot generate matches for.
 */
const NEEDS_NFD = /[\u007f-\u042f\u0450-\uffff]/;

/**
 * A term as the index stores it and a query asks for it: case folded, diacritics removed (NFD, marks
 * stripped: "café" → "cafe"; Cyrillic `ё` decomposes to `е` + a mark, so "Ёлка" → "елка"). Empty when nothing is left.
 */
export function foldTerm(term: string): string {
  let lower = term.toLowerCase();
  if (lower.includes('ё')) lower = lower.replaceAll('ё', 'е');
  // ASCII and the Russian alphabet need no normalisation (most text; NFD of 14k documents costs ~0.3 s).
  if (!NEEDS_NFD.test(lower)) return lower;
  // `й` is a letter of its own in Russian, not `и` with a mark: it is put back before the marks go.
  return lower.normalize('NFD').replace(SHORT_I, 'й').replace(MARKS, '');
}

/** The words of `text` (Unicode letters and digits), unfolded. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The folded words of `text`, as the index stores them: the whole text folded once, then split (the index's
 * tokenizer; folding word by word costs twice as much over 14k documents).
 */
export function foldedWords(text: string): string[] {
  return foldTerm(text).match(WORD) ?? [];
}

export interface SnippetPart {
  text: string;
  /** The part is one of the matched words (shown in bold). */
  match: boolean;
}

/**
 * A one-line snippet of `text` around its first word whose folded form is in `terms` (matched document terms
 * from the index), about `width` characters, with every matched word marked. Null when no word matches (the
 * caller then shows the start of the text, or nothing).
 */
export function snippet(text: string, terms: ReadonlySet<string>, width = 120): SnippetPart[] | null {
  const line = text.replace(/\s+/g, ' ').trim();
  // Words are read lazily: up to the first match, then only those inside the snippet (a note is ~1 KB of words).
  const words = /[\p{L}\p{N}]+/gu; // WORD's pattern; a literal here is a new object (with its own lastIndex) per call
  let first: RegExpExecArray | null;
  while ((first = words.exec(line)) && !terms.has(foldTerm(first[0])));
  if (!first) return null;
  const at = first.index;
  let start = line.length <= width ? 0 : Math.max(0, at - Math.floor(width / 3));
  // Start at a word boundary, so the snippet does not begin inside a word.
  if (start > 0) {
    const space = line.indexOf(' ', start);
    start = space !== -1 && space < at ? space + 1 : start;
  }
  const end = Math.min(line.length, start + width);
  const parts: SnippetPart[] = [];
  let pos = start;
  const push = (s: string, match: boolean) => {
    if (s) parts.push({ text: s, match });
  };
  if (start > 0) push('…', false);
  words.lastIndex = start;
  for (let w = words.exec(line); w; w = words.exec(line)) {
    const wEnd = w.index + w[0].length;
    if (wEnd > end) break;
    // The rest of a word cut by the snippet's start is not a word of its own.
    if (w.index === start && start > 0 && LETTER.test(line[start - 1]!)) continue;
    if (!terms.has(foldTerm(w[0]))) continue;
    push(line.slice(pos, w.index), false);
    push(w[0], true);
    pos = wEnd;
  }
  push(line.slice(pos, end), false);
  if (end < line.length) push('…', false);
  return parts;
}

/** `text` as snippet parts with its matched words marked (a title: shown whole). */
export function highlight(text: string, terms: ReadonlySet<string>): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let pos = 0;
  for (const w of text.matchAll(WORD)) {
    if (!terms.has(foldTerm(w[0]))) continue;
    if (w.index > pos) parts.push({ text: text.slice(pos, w.index), match: false });
    parts.push({ text: w[0], match: true });
    pos = w.index + w[0].length;
  }
  if (pos < text.length) parts.push({ text: text.slice(pos), match: false });
  return parts;
}
