import { describe, expect, it } from 'vitest';
import { foldTerm, snippet, type SnippetPart } from './text';

const WORD = /[\p{L}\p{N}]+/gu;

/** The snippet as it was written first (every word of the text read and folded): the reference. */
function reference(text: string, terms: ReadonlySet<string>, width = 120): SnippetPart[] | null {
  const line = text.replace(/\s+/g, ' ').trim();
  const words = [...line.matchAll(WORD)];
  const first = words.find((w) => terms.has(foldTerm(w[0])));
  if (!first) return null;
  const at = first.index;
  let start = line.length <= width ? 0 : Math.max(0, at - Math.floor(width / 3));
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
  for (const w of words) {
    const wEnd = w.index + w[0].length;
    if (w.index < start || wEnd > end || !terms.has(foldTerm(w[0]))) continue;
    push(line.slice(pos, w.index), false);
    push(w[0], true);
    pos = wEnd;
  }
  push(line.slice(pos, end), false);
  if (end < line.length) push('…', false);
  return parts;
}

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('snippet (words read lazily)', () => {
  it('gives exactly what reading every word gives, over random texts, terms and widths', () => {
    const vocabulary = ['cafe', 'Café', 'report', 'rep', 'отчёт', 'отчет', 'x', 'supercalifragilisticexpialidocious', 'a1', '42', 'naïve', 'ёлка'];
    const gaps = [' ', '  ', ', ', '.\n', ' — ', '\t', '-'];
    const rand = rng(7);
    const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)]!;
    for (let i = 0; i < 2000; i++) {
      let text = rand() < 0.2 ? pick(gaps) : '';
      const n = Math.floor(rand() * 80);
      for (let w = 0; w < n; w++) text += pick(vocabulary) + pick(gaps);
      const terms = new Set(Array.from({ length: 1 + Math.floor(rand() * 2) }, () => foldTerm(pick(vocabulary))));
      const width = pick([10, 20, 33, 80, 120]);
      expect(snippet(text, terms, width), `${JSON.stringify(text)} ${[...terms].join()} ${width}`).toEqual(reference(text, terms, width));
    }
  });

  it('does not mark the rest of a word cut by the snippet’s start', () => {
    // No space between the start (20 / 3 = 6 characters before "cafe") and the match: the snippet starts inside
    // "aaa…axxxx", whose tail "axxxx" is not a word of the text.
    const text = `${'a'.repeat(50)}xxxx-cafe and more words after it`;
    const terms = new Set(['cafe', 'axxxx']);
    expect(snippet(text, terms, 20)).toEqual(reference(text, terms, 20));
    expect(snippet(text, terms, 20)!.filter((p) => p.match).map((p) => p.text)).toEqual(['cafe']);
  });
});
