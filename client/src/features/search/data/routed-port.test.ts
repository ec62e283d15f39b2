import { describe, expect, it } from 'vitest';
import { inProcessPort } from '../logic/handler';
import type { SearchPort, WorkerReply, WorkerRequest } from '../logic/protocol';
import { SearchIndex } from '../logic/search-index';
import { serveIndex, type IndexScope } from '../logic/serve';
import type { IndexChange, SearchAnswer, SearchDoc, SearchType } from '../logic/types';
import { mergeAnswers, routedPort } from './routed-port';

const doc = (type: SearchType, id: string, title: string, body = ''): SearchDoc => ({ key: `${type}:${id}`, type, id, title, body });
const NOTES: readonly SearchType[] = ['note'];
const REST: readonly SearchType[] = ['task', 'event', 'habit', 'inbox'];

/** The real index in this thread, recording the requests it gets. */
function recorded(): { port: SearchPort; got: WorkerRequest[] } {
  const inner = inProcessPort();
  const got: WorkerRequest[] = [];
  const port: SearchPort = {
    onReply: null,
    post(request) {
      got.push(request);
      inner.post(request);
    },
    terminate: () => inner.terminate(),
  };
  inner.onReply = (reply) => port.onReply?.(reply);
  return { port, got };
}

/** Posts a search on `port` and resolves with its reply. */
function ask(port: SearchPort, seq: number, query: string, perType = 8): Promise<Extract<WorkerReply, { kind: 'answer' }>> {
  return new Promise((resolve) => {
    const before = port.onReply;
    port.onReply = (reply) => {
      if (reply.kind === 'answer' && reply.seq === seq) {
        port.onReply = before;
        resolve(reply);
      } else before?.(reply);
    };
    port.post({ kind: 'search', seq, query, perType });
  });
}

const DOCS: SearchDoc[] = [
  doc('task', 't1', 'Garden plan'),
  doc('task', 't2', 'Water the garden', 'before the trip'),
  doc('task', 't3', 'Invoice for the gardener'),
  doc('note', 'n1', 'Garden plan'),
  doc('note', 'n2', 'Trip', 'garden tools, tent, the map of the garden'),
  doc('event', 'e1', 'Garden plan'),
  doc('event', 'e2', 'Concert', 'in the botanical garden'),
  doc('habit', 'h1', 'Weed the garden'),
  doc('inbox', 'i1', 'Garden gnome?', 'ask the neighbour'),
];

describe('routedPort: notes in one index, the other types in another, seen as one', () => {
  it('sends each change only to the index holding its types, and nothing to an index it does not concern', async () => {
    const notes = recorded();
    const rest = recorded();
    const port = routedPort([
      { types: NOTES, port: notes.port },
      { types: REST, port: rest.port },
    ]);
    port.post({ kind: 'apply', change: { upserts: DOCS, removes: ['note:gone', 'habit:gone'] } });
    port.post({ kind: 'apply', change: { upserts: [doc('task', 't4', 'Garden shed')], removes: ['event:e2'] } });
    port.post({ kind: 'clear' });
    const changes = (got: WorkerRequest[]) => got.flatMap((r) => (r.kind === 'apply' ? [r.change] : []));
    const keys = (c: IndexChange) => [c.upserts.map((d) => d.key), c.removes];
    expect(changes(notes.got).map(keys)).toEqual([[['note:n1', 'note:n2'], ['note:gone']]]);
    expect(changes(rest.got).map(keys)).toEqual([
      [['task:t1', 'task:t2', 'task:t3', 'event:e1', 'event:e2', 'habit:h1', 'inbox:i1'], ['habit:gone']],
      [['task:t4'], ['event:e2']],
    ]);
    expect(notes.got.at(-1)).toEqual({ kind: 'clear' });
    expect(rest.got.at(-1)).toEqual({ kind: 'clear' });
  });

  it('refuses parts that leave a type out', () => {
    expect(() => routedPort([{ types: NOTES, port: inProcessPort() }])).toThrow(/task, event, habit, inbox/);
  });

  it('asks every index and merges their answers exactly as one index answers (order, ties, counts)', async () => {
    const port = routedPort([
      { types: NOTES, port: inProcessPort() },
      { types: REST, port: inProcessPort() },
    ]);
    const applied: number[] = [];
    port.onReply = (reply) => reply.kind === 'applied' && applied.push(reply.size);
    port.post({ kind: 'apply', change: { upserts: DOCS, removes: [] } });
    const one = new SearchIndex();
    one.apply({ upserts: DOCS, removes: [] });
    let seq = 0;
    for (const [query, perType] of [['garden', 8], ['garden plan', 8], ['garden', 1], ['trip', 8], ['ga', 8], ['nothing', 8]] as const) {
      const reply = await ask(port, ++seq, query, perType);
      expect(reply.superseded).toBeUndefined();
      expect(reply.answer, `${query} (${perType})`).toEqual(one.search(query, perType));
    }
    // The three "Garden plan" titles, each alone in its type's index, score the same: in the order of the types.
    expect((await ask(port, seq + 1, 'garden plan')).answer.hits.map((h) => `${h.type}:${h.id}`)).toEqual(['task:t1', 'note:n1', 'event:e1']);
    expect(applied.sort()).toEqual([2, 7]);
  });

  it('merges counts in the order of the types and keeps equal scores in type order', () => {
    const hit = (type: SearchType, id: string, score: number) => ({ type, id, score, terms: [] });
    const notes: SearchAnswer = { hits: [hit('note', 'a', 5), hit('note', 'b', 2)], counts: { note: 2 } };
    const rest: SearchAnswer = { hits: [hit('habit', 'x', 5), hit('task', 'y', 5), hit('task', 'z', 3)], counts: { task: 9, habit: 1 } };
    const merged = mergeAnswers([notes, rest]);
    expect(merged.hits.map((h) => h.id)).toEqual(['y', 'a', 'x', 'z', 'b']);
    expect(Object.entries(merged.counts)).toEqual([['task', 9], ['note', 2], ['habit', 1]]);
  });
});

/** A worker's index (logic/serve.ts) behind a port whose messages wait in a queue until `deliver`. */
function servedWorker() {
  const inbox: WorkerRequest[] = [];
  const later: (() => void)[] = [];
  const scope: IndexScope = { onmessage: null, postMessage: (reply) => port.onReply?.(structuredClone(reply)) };
  serveIndex(scope, (run) => later.push(run));
  const port: SearchPort = { onReply: null, post: (request) => inbox.push(structuredClone(request)), terminate: () => {} };
  return {
    port,
    /** The messages queued so far reach the worker, then the runs they queued behind them. */
    deliver() {
      for (const data of inbox.splice(0)) scope.onmessage!({ data } as MessageEvent<WorkerRequest>);
      for (const run of later.splice(0)) run();
    },
  };
}

describe('routedPort over two workers: the newest query wins', () => {
  it('answers only the newest of the queries waiting in both workers; older ones empty and superseded', () => {
    const notes = servedWorker();
    const rest = servedWorker();
    const port = routedPort([
      { types: NOTES, port: notes.port },
      { types: REST, port: rest.port },
    ]);
    const replies: WorkerReply[] = [];
    port.onReply = (reply) => replies.push(reply);
    port.post({ kind: 'apply', change: { upserts: DOCS, removes: [] } });
    for (const [seq, query] of [[1, 'g'], [2, 'ga'], [3, 'gar']] as const) port.post({ kind: 'search', seq, query, perType: 8 });
    notes.deliver();
    expect(replies.filter((r) => r.kind === 'answer')).toEqual([]);
    rest.deliver();
    const answers = replies.flatMap((r) => (r.kind === 'answer' ? [r] : []));
    expect(answers.map((a) => [a.seq, a.superseded ?? false, a.answer.hits.length])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [3, false, 9],
    ]);
  });

  it('answers a query empty when one worker skipped it, though the other ran it; the newer one in full', () => {
    const notes = servedWorker();
    const rest = servedWorker();
    const port = routedPort([
      { types: NOTES, port: notes.port },
      { types: REST, port: rest.port },
    ]);
    const answers: Extract<WorkerReply, { kind: 'answer' }>[] = [];
    port.onReply = (reply) => reply.kind === 'answer' && answers.push(reply);
    port.post({ kind: 'apply', change: { upserts: DOCS, removes: [] } });
    port.post({ kind: 'search', seq: 1, query: 'garden', perType: 8 });
    notes.deliver(); // the notes worker runs 1 before 2 comes…
    port.post({ kind: 'search', seq: 2, query: 'trip', perType: 8 });
    rest.deliver(); // …the other one gets both at once and runs only 2
    notes.deliver();
    expect(answers.map((a) => [a.seq, a.superseded ?? false])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(answers[0]!.answer).toEqual({ hits: [], counts: {} });
    expect(answers[1]!.answer.hits.map((h) => `${h.type}:${h.id}`).sort()).toEqual(['note:n2', 'task:t2']);
  });
});
