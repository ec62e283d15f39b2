import { describe, expect, it } from 'vitest';
import { answerKey } from './answer-key';
import { nextQueries, Predictor } from './predict';
import type { WorkerReply } from './protocol';
import { docKey, SearchIndex, SEARCH_TYPES, type SearchDoc } from './search-index';

const VOCABULARY = (
  'project projector protein program garden gardening guard invoice invoices kitchen kit budget review reviews ' +
  'travel trail plan planet plant call called dentist dental meeting meet meat café crème brûlée naïve ' +
  'отчёт отчет ёлка елка купить куплю молоко молот врач время встреча сад сдать проект прогулка'
).split(' ');

/** A deterministic random number generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomIndex(rand: () => number, n = 600): SearchIndex {
  const pick = () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!;
  const words = (k: number) => Array.from({ length: k }, pick).join(' ');
  const docs: SearchDoc[] = [];
  for (let i = 0; i < n; i++) {
    const type = SEARCH_TYPES[Math.floor(rand() * SEARCH_TYPES.length)]!;
    const id = `d${i}`;
    // Titles of 1–4 words (a word may repeat), bodies of 0–30 words.
    docs.push({ key: docKey(type, id), type, id, title: words(1 + Math.floor(rand() * 4)), body: words(Math.floor(rand() * 31)) });
  }
  const index = new SearchIndex();
  index.apply({ upserts: docs, removes: [] });
  return index;
}

/** The field's text as a user may type `query`: other case, surrounding spaces, `ё` for `е`, a diacritic. */
function variant(rand: () => number, query: string): string {
  let out = query;
  const caseOf = rand();
  if (caseOf < 0.4) out = out.toUpperCase();
  else if (caseOf < 0.65) out = out[0]!.toUpperCase() + out.slice(1);
  if (rand() < 0.3) out = out.replaceAll('е', 'ё');
  if (rand() < 0.3) out = out.replaceAll('e', 'é');
  if (rand() < 0.3) out = `  ${out}`;
  if (rand() < 0.3) out = `${out} `;
  if (rand() < 0.2) out = out.replaceAll(' ', ' , ');
  return out;
}

/** Typing-like queries: prefixes of one or two words, some with a typo. */
function randomQuery(rand: () => number): string {
  const word = () => {
    let w = VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!;
    if (rand() < 0.2 && w.length > 4) {
      const at = 1 + Math.floor(rand() * (w.length - 2));
      w = w.slice(0, at) + w.slice(at + 1);
    }
    return w.slice(0, 1 + Math.floor(rand() * w.length));
  };
  return rand() < 0.3 ? `${VOCABULARY[Math.floor(rand() * VOCABULARY.length)]} ${word()}` : word();
}

/** Runs a predictor to its end, in this task; the answers it posted, by answer key. */
function predictAll(index: SearchIndex, typed: string): Map<string, WorkerReply & { kind: 'predicted' }> {
  const out = new Map<string, WorkerReply & { kind: 'predicted' }>();
  const predictor = new Predictor(
    index,
    (reply) => {
      if (reply.kind === 'predicted') out.set(answerKey(reply.query, reply.perType), reply);
    },
    (run) => run(),
  );
  predictor.start(typed, 8);
  return out;
}

describe('answers ahead (logic/predict.ts)', () => {
  it('a query with the answer key of an answer computed ahead has exactly that answer: same hits, order, scores and terms', () => {
    const rand = rng(160);
    const index = randomIndex(rand);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const query = randomQuery(rand);
      const ahead = predictAll(index, query);
      // Every likely next keystroke (one more letter), typed in any of the ways the field allows.
      for (const letter of 'abcdefghijklmnoprstuvyzавдеиклмнорстуё') {
        const typed = variant(rand, query + letter);
        const known = ahead.get(answerKey(typed, 8));
        if (!known) continue;
        expect(known.answer).toEqual(index.search(typed, 8));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('the same answer key means the same answer for random queries and their variants', () => {
    const rand = rng(161);
    const index = randomIndex(rand);
    for (let i = 0; i < 300; i++) {
      const query = randomQuery(rand);
      const typed = variant(rand, query);
      if (answerKey(typed, 8) !== answerKey(query, 8)) continue;
      expect(index.search(typed, 8)).toEqual(index.search(query, 8));
    }
    // A short query (titles only) and a longer one with the same words are told apart.
    expect(answerKey('pr', 8)).not.toBe(answerKey('pr.', 8));
    expect(answerKey('Отчёт', 8)).toBe(answerKey(' отчет', 8));
  });

  it('answers the next letter of the last word (the letters that follow it in the index), or a first letter after a space', () => {
    const index = randomIndex(rng(162), 300);
    const next = nextQueries(index, 'Pro');
    expect(next).toEqual(expect.arrayContaining(['proj', 'prot', 'prog']));
    expect(next.every((q) => q.startsWith('pro') && q.length === 4)).toBe(true);
    expect(nextQueries(index, 'про')).toEqual(expect.arrayContaining(['прое', 'прог']));
    const afterSpace = nextQueries(index, 'call ');
    expect(afterSpace).toEqual(expect.arrayContaining(['call p', 'call g', 'call о']));
    expect(nextQueries(index, '')).toEqual(expect.arrayContaining(['p', 'g', 'о', 'c']));
  });

  it('a newer request stops the answers ahead of the previous one', () => {
    const index = randomIndex(rng(163), 100);
    const posted: string[] = [];
    const tasks: (() => void)[] = [];
    const predictor = new Predictor(index, (reply) => reply.kind === 'predicted' && posted.push(reply.query), (run) => tasks.push(run));
    predictor.start('pr', 8);
    tasks.shift()!();
    expect(posted).toHaveLength(1);
    predictor.start('ga', 8);
    while (tasks.length) tasks.shift()!();
    expect(posted.slice(1).every((q) => q.startsWith('ga'))).toBe(true);
    expect(posted.length).toBeGreaterThan(1);
  });

  it('after edits and removals an answer does not depend on the searches made before it (the discarded are vacuumed)', () => {
    const rand = rng(164);
    const index = randomIndex(rand, 400);
    // Edits (replace) and removals of random documents, as a pull page or a local write brings them.
    const upserts: SearchDoc[] = [];
    const removes: string[] = [];
    for (let i = 0; i < 120; i++) {
      const type = SEARCH_TYPES[i % SEARCH_TYPES.length]!;
      const id = `d${Math.floor(rand() * 400)}`;
      if (rand() < 0.5) removes.push(docKey(type, id));
      else upserts.push({ key: docKey(type, id), type, id, title: randomQuery(rand), body: randomQuery(rand) });
    }
    index.apply({ upserts: [], removes });
    index.apply({ upserts, removes: [] });
    expect(index.settled).toBe(true);
    const queries = Array.from({ length: 150 }, () => randomQuery(rand));
    const first = queries.map((q) => index.search(q, 8));
    // The same searches again, after every other one has run (and cleaned up whatever it came across).
    queries.forEach((q, i) => expect(index.search(q, 8)).toEqual(first[i]));
  });
});
