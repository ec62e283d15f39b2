import { describe, expect, it } from 'vitest';
import { docKey, SearchIndex, type SearchDoc, type SearchType } from './search-index';
import { foldTerm, highlight, snippet } from './text';

const doc = (type: SearchType, id: string, title: string, body = ''): SearchDoc => ({ key: docKey(type, id), type, id, title, body });
const ids = (index: SearchIndex, q: string) => index.search(q).hits.map((h) => `${h.type}:${h.id}`);

function sample(): SearchIndex {
  const index = new SearchIndex();
  index.apply({
    upserts: [
      doc('task', 't1', 'Buy groceries', 'milk, bread and coffee'),
      doc('task', 't2', 'Позвонить маме', 'про ёлку на праздники'),
      doc('note', 'n1', 'Café ideas', 'A crème brûlée recipe for the weekend'),
      doc('event', 'e1', 'Dentist', 'Bring the insurance card\nMain street 5'),
      doc('habit', 'h1', 'Meditate', 'Ten minutes of breathing'),
      doc('inbox', 'i1', 'Call the plumber about the kitchen sink'),
      doc('task', 't3', 'Мой отчёт', 'квартальный'),
    ],
    removes: [],
  });
  return index;
}

describe('foldTerm', () => {
  it('folds case and diacritics, ё to е, and keeps й', () => {
    expect(foldTerm('CAFÉ')).toBe('cafe');
    expect(foldTerm('Ёлка')).toBe('елка');
    expect(foldTerm('Мой')).toBe('мой');
    expect(foldTerm('Straße')).toBe('straße');
  });
});

describe('SearchIndex', () => {
  it('finds Cyrillic words by prefix, whatever the case, and ё as е', () => {
    const index = sample();
    expect(ids(index, 'позв')).toEqual(['task:t2']);
    expect(ids(index, 'МАМ')).toEqual(['task:t2']);
    expect(ids(index, 'елку')).toEqual(['task:t2']);
    expect(ids(index, 'отчет')).toEqual(['task:t3']);
  });

  it('matches Latin words by prefix with diacritics folded both ways', () => {
    const index = sample();
    expect(ids(index, 'groc')).toEqual(['task:t1']);
    expect(ids(index, 'cafe')).toEqual(['note:n1']);
    expect(ids(index, 'brulee')).toEqual(['note:n1']);
    expect(ids(index, 'crème')).toEqual(['note:n1']);
  });

  it('forgives a typo from four letters on (fuzzy 0.2)', () => {
    const index = sample();
    expect(ids(index, 'dentost')).toEqual(['event:e1']);
    expect(ids(index, 'meditaet')).toEqual(['habit:h1']);
    expect(ids(index, 'plumbr')).toEqual(['inbox:i1']);
    // Three letters are a prefix only: "dnt" is not "den…".
    expect(ids(index, 'dnt')).toEqual([]);
  });

  it('needs every word of the query, and ranks a title match above a body match', () => {
    const index = sample();
    expect(ids(index, 'kitchen sink')).toEqual(['inbox:i1']);
    expect(ids(index, 'kitchen dentist')).toEqual([]);
    index.apply({ upserts: [doc('note', 'n2', 'Notes', 'coffee beans to buy'), doc('task', 't4', 'Coffee machine descaling')], removes: [] });
    expect(ids(index, 'coffee')[0]).toBe('task:t4');
    expect(ids(index, 'coffee')).toHaveLength(3);
  });

  it('follows live changes: add, replace, remove', () => {
    const index = sample();
    expect(ids(index, 'invoice')).toEqual([]);
    index.apply({ upserts: [doc('task', 't9', 'Send invoice')], removes: [] });
    expect(ids(index, 'invoice')).toEqual(['task:t9']);
    // A renamed task is found by its new words only.
    index.apply({ upserts: [doc('task', 't9', 'Send receipt')], removes: [] });
    expect(ids(index, 'invoice')).toEqual([]);
    expect(ids(index, 'receipt')).toEqual(['task:t9']);
    index.apply({ upserts: [], removes: [docKey('task', 't9'), docKey('task', 'absent')] });
    expect(ids(index, 'receipt')).toEqual([]);
    expect(index.size).toBe(7);
  });

  it('keeps the same id of different types apart', () => {
    const index = new SearchIndex();
    index.apply({ upserts: [doc('task', 'x', 'Alpha'), doc('note', 'x', 'Alpha beta')], removes: [] });
    index.apply({ upserts: [], removes: [docKey('task', 'x')] });
    expect(ids(index, 'alpha')).toEqual(['note:x']);
  });

  it('looks at titles only for a one- or two-letter query', () => {
    const index = sample();
    expect(ids(index, 'me')).toEqual(['habit:h1']);
    expect(ids(index, 'mea')).toEqual([]);
    expect(ids(index, 'mi')).toEqual([]);
    expect(ids(index, 'mil')).toEqual(['task:t1']);
  });

  it('answers nothing for a blank query, caps each type and counts them all', () => {
    const index = new SearchIndex();
    index.apply({ upserts: Array.from({ length: 30 }, (_, i) => doc('task', `t${i}`, `Report ${i}`)), removes: [] });
    expect(index.search('   ')).toEqual({ hits: [], counts: {} });
    const answer = index.search('report', 8);
    expect(answer.hits).toHaveLength(8);
    expect(answer.counts).toEqual({ task: 30 });
  });
});

describe('snippet and highlight', () => {
  it('cuts the text around the first matched word and marks every matched word', () => {
    const long = `${'lorem ipsum '.repeat(30)}the Café opens at nine, café au lait ${'dolor '.repeat(30)}`;
    const parts = snippet(long, new Set(['cafe']), 80)!;
    expect(parts[0]).toEqual({ text: '…', match: false });
    expect(parts.at(-1)).toEqual({ text: '…', match: false });
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Café', 'café']);
    expect(parts.map((p) => p.text).join('').length).toBeLessThanOrEqual(84);
    expect(snippet('nothing here', new Set(['cafe']))).toBeNull();
  });

  it('marks the matched words of a title', () => {
    expect(highlight('Позвонить маме', new Set(['маме']))).toEqual([
      { text: 'Позвонить ', match: false },
      { text: 'маме', match: true },
    ]);
  });
});
