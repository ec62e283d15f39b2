import { describe, expect, it } from 'vitest';
import { editDistance, matchDocument, narrow, queryTerms, subsetOf, typedForward, type NarrowItem, type ShownList } from './narrow';
import { exactTypes } from './narrow';
import { docKey, SEARCH_TYPES, SearchIndex, type SearchDoc, type SearchType } from './search-index';

const doc = (type: SearchType, id: string, title: string, body = ''): SearchDoc => ({ key: docKey(type, id), type, id, title, body });

/** A seeded random generator (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words close to each other (shared prefixes, one-letter differences), Latin with diacritics and Cyrillic with ё.
const VOCAB = (
  'project projects projector prose prone proje protect promise garden gardener garten harden invoice invoices voice ' +
  'meeting meetings melting kitchen kitten kitchens café cafe crème brûlée naïve résumé resume ' +
  'отчёт отчет отчёты отчество встреча встречи сад садик счёт счет купить куплю молоко молот ёлка елка'
).split(' ');

function randomDocs(rand: () => number, n: number): SearchDoc[] {
  const pick = () => VOCAB[Math.floor(rand() * VOCAB.length)]!;
  const text = (k: number) => Array.from({ length: k }, () => (rand() < 0.3 ? pick().toUpperCase() : pick())).join(rand() < 0.5 ? ' ' : ', ');
  return Array.from({ length: n }, (_, i) => doc(SEARCH_TYPES[i % SEARCH_TYPES.length]!, `d${i}`, text(1 + Math.floor(rand() * 3)), rand() < 0.7 ? text(Math.floor(rand() * 8)) : ''));
}

/** A query typed like a user: a prefix of a word (maybe with a typo or other case), sometimes two words. */
function randomQuery(rand: () => number): string {
  const word = () => {
    let w = VOCAB[Math.floor(rand() * VOCAB.length)]!;
    w = w.slice(0, 1 + Math.floor(rand() * w.length));
    if (rand() < 0.2 && w.length > 3) w = w.slice(0, 2) + 'x' + w.slice(3);
    return rand() < 0.3 ? w.toUpperCase() : w;
  };
  return rand() < 0.3 ? `${word()} ${word()}` : word();
}

/** Every match of `query` on the main thread, by the index's rules, over all `docs`: key → matched words. */
function matchAll(docs: SearchDoc[], query: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const short = query.trim().length < 3;
  for (const d of docs) {
    const m = matchDocument(d, queryTerms(query), short);
    if (m) out.set(d.key, [...m].sort());
  }
  return out;
}

/** What the index answers for `query` with room for every match: key → matched words. */
function indexAll(index: SearchIndex, query: string): Map<string, string[]> {
  return new Map(index.search(query, 10_000).hits.map((h) => [docKey(h.type, h.id), [...h.terms].sort()]));
}

const item = (d: SearchDoc, terms: string[] = []): NarrowItem => ({ type: d.type, id: d.id, title: d.title, body: d.body, terms: new Set(terms) });

describe('matchDocument: the index’s matching rules on the main thread', () => {
  it('matches the same documents with the same words as the index, over random documents and queries', () => {
    const rand = rng(160);
    let compared = 0;
    for (let round = 0; round < 8; round++) {
      const docs = randomDocs(rand, 60);
      const index = new SearchIndex();
      index.apply({ upserts: docs, removes: [] });
      for (let q = 0; q < 60; q++) {
        const query = randomQuery(rand);
        const expected = indexAll(index, query);
        expect(matchAll(docs, query), query).toEqual(expected);
        compared += expected.size;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('folds case and diacritics, ё as е, and needs every word', () => {
    const note = { title: 'Café notes', body: 'Мой ОТЧЁТ за квартал' };
    expect(matchDocument(note, queryTerms('CAFE отчет'), false)).toEqual(new Set(['cafe', 'отчет']));
    expect(matchDocument(note, queryTerms('caf'), false)).toEqual(new Set(['cafe']));
    expect(matchDocument(note, queryTerms('cafe garden'), false)).toBeNull();
    // A one- or two-letter query reads titles only.
    expect(matchDocument(note, queryTerms('мо'), true)).toBeNull();
    expect(matchDocument(note, queryTerms('мой'), false)).toEqual(new Set(['мой']));
    // A typo from four letters on.
    expect(matchDocument(note, queryTerms('otchet отчат'), false)).toBeNull();
    expect(matchDocument(note, queryTerms('отчат'), false)).toEqual(new Set(['отчет']));
    expect(matchDocument(note, queryTerms('!!'), false)).toBeNull();
  });

  it('bounds the edit distance', () => {
    expect(editDistance('prose', 'proje', 1)).toBe(1);
    expect(editDistance('prose', 'proj', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
  });
});

describe('typedForward and subsetOf', () => {
  it('is forward when each word grows or words are added, whatever the case or diacritics', () => {
    expect(typedForward('proj', 'proje')).toBe(true);
    expect(typedForward('proj', 'PROJE ')).toBe(true);
    expect(typedForward('cafe', 'café au')).toBe(true);
    expect(typedForward('отч', 'отчёт')).toBe(true);
    expect(typedForward('budget', 'budget r')).toBe(true);
  });

  it('is not forward after a backspace, a word changed in the middle, a query replaced, or from a blank one', () => {
    expect(typedForward('proje', 'proj')).toBe(false);
    expect(typedForward('budget review', 'budget revie')).toBe(false);
    expect(typedForward('budget review', 'budgot review x')).toBe(false);
    expect(typedForward('kitchen', 'call dentist')).toBe(false);
    expect(typedForward('', 'p')).toBe(false);
  });

  it('is not forward from or to a one- or two-letter query (titles only)', () => {
    expect(typedForward('p', 'pr')).toBe(false);
    expect(typedForward('pr', 'pro')).toBe(false);
    expect(typedForward('pro', 'proj')).toBe(true);
  });

  it('is a subset only when no grown word allows a typo and neither query is short', () => {
    expect(subsetOf('pro', 'proj')).toBe(false); // "proj" allows one typo: "prxj" is not a "pro…" word
    expect(subsetOf('pr', 'pro')).toBe(false); // "pr" looked at titles only
    expect(subsetOf('project', 'project a')).toBe(true);
    expect(subsetOf('project a', 'project al')).toBe(true);
    expect(subsetOf('project al', 'project alp')).toBe(true);
    expect(subsetOf('project alp', 'project alph')).toBe(false);
  });
});

describe('narrow', () => {
  const docs = [
    doc('task', 't1', 'Project plan', 'draft'),
    doc('task', 't2', 'Prose review', ''),
    doc('note', 'n1', 'Ideas', 'the project of a garden'),
    doc('event', 'e1', 'Отчёт за год', 'Café, 5 rue Crème'),
  ];
  const byKey = new Map(docs.map((d) => [d.key, d]));
  const current = (type: SearchType, id: string) => byKey.get(docKey(type, id));
  const shownFor = (query: string, exact: SearchType[] = []): ShownList => ({ query, items: docs.map((d) => item(d)), exact: new Set(exact) });

  it('keeps the rows that still match, in their order, with the new bold words', () => {
    const out = narrow({ query: 'pro', items: [item(docs[1]!), item(docs[2]!), item(docs[0]!)], exact: new Set() }, 'proje', current)!;
    // "prose" is one edit from "proje": it matches too, as in the index.
    expect(out.items.map((i) => i.id)).toEqual(['t2', 'n1', 't1']);
    expect(out.items.map((i) => [...i.terms])).toEqual([['prose'], ['project'], ['project']]);
    const two = narrow(shownFor('pro'), 'project pl', current)!;
    expect(two.items.map((i) => [i.id, [...i.terms].sort()])).toEqual([['t1', ['plan', 'project']]]);
  });

  it('folds diacritics and ё, in Russian text too', () => {
    expect(narrow(shownFor('отч'), 'ОТЧЕТ', current)!.items.map((i) => [i.id, [...i.terms]])).toEqual([['e1', ['отчет']]]);
    expect(narrow(shownFor('caf'), 'café cr', current)!.items.map((i) => [i.id, [...i.terms].sort()])).toEqual([['e1', ['cafe', 'creme']]]);
  });

  it('does not narrow after a backspace, a changed word or a replaced query', () => {
    expect(narrow(shownFor('proje'), 'proj', current)).toBeNull();
    expect(narrow(shownFor('project plan'), 'proje plan', current)).toBeNull();
    expect(narrow(shownFor('kitchen'), 'call dentist', current)).toBeNull();
  });

  it('keeps a type exact only when the new matches are a subset of the old ones', () => {
    const all: SearchType[] = [...SEARCH_TYPES];
    // A word added: still every match on screen.
    expect([...narrow(shownFor('project', all), 'project d', current)!.exact]).toEqual(all);
    // A grown word allowing a typo, or a short query before: provisional.
    expect(narrow(shownFor('project', all), 'projects', current)!.exact.size).toBe(0);
    expect(narrow(shownFor('pr', all), 'pro', current)).toBeNull();
    // A truncated group (not in `exact`) stays provisional.
    expect([...narrow(shownFor('project', ['note']), 'project d', current)!.exact]).toEqual(['note']);
  });

  it('shows an empty list only when every type is exact, and drops rows whose document is gone', () => {
    expect(narrow(shownFor('project'), 'project zzz', current)).toBeNull();
    expect(narrow(shownFor('project', [...SEARCH_TYPES]), 'project zzz', current)!.items).toEqual([]);
    const gone = (type: SearchType, id: string) => (id === 't1' ? undefined : current(type, id));
    expect(narrow(shownFor('proj'), 'proje', gone)!.items.map((i) => i.id)).toEqual(['t2', 'n1']);
  });

  it('over random data, an exact narrowed group holds exactly the index’s answer for the new query', () => {
    const rand = rng(161);
    const perType = 8;
    let checked = 0;
    for (let round = 0; round < 10; round++) {
      const docs = randomDocs(rand, 80);
      const index = new SearchIndex();
      index.apply({ upserts: docs, removes: [] });
      const byKey = new Map(docs.map((d) => [d.key, d]));
      const current = (type: SearchType, id: string) => byKey.get(docKey(type, id));
      for (let q = 0; q < 80; q++) {
        const base = randomQuery(rand).trim();
        const next = rand() < 0.5 ? `${base}${'abcdeoрт'[Math.floor(rand() * 8)]}` : `${base} ${randomQuery(rand).slice(0, 1 + Math.floor(rand() * 3))}`;
        const answer = index.search(base, perType);
        const shown: ShownList = { query: base, items: answer.hits.map((h) => item(byKey.get(docKey(h.type, h.id))!, h.terms)), exact: exactTypes(base, answer.counts, perType) };
        const out = narrow(shown, next, current);
        const truth = index.search(next, perType);
        if (!out) continue;
        // Every narrowed row is in the new answer's matches with the same bold words (full search: no truncation).
        const all = indexAll(index, next);
        for (const i of out.items) expect(all.get(docKey(i.type, i.id)), `${base} → ${next}`).toEqual([...i.terms].sort());
        for (const type of out.exact) {
          const want = truth.hits.filter((h) => h.type === type).map((h) => h.id).sort();
          expect(out.items.filter((i) => i.type === type).map((i) => i.id).sort(), `${base} → ${next} (${type})`).toEqual(want);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
