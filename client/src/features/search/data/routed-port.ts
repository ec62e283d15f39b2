import type { SearchPort, WorkerReply, WorkerRequest } from '../logic/protocol';
import { SEARCH_TYPES, type SearchAnswer, type SearchDoc, type SearchHit, type SearchType } from '../logic/types';

/** One index of a routed port: the types it holds, and the port to it (a worker). */
export interface RoutedPart {
  types: readonly SearchType[];
  port: SearchPort;
}

const typeOfKey = (key: string) => key.slice(0, key.indexOf(':')) as SearchType;
const ORDER = new Map<SearchType, number>(SEARCH_TYPES.map((t, i) => [t, i]));

/**
 * The answers of several indexes to one query as one index answers it (logic/search-index.ts): every hit, best
 * first; equal scores in the order of SEARCH_TYPES, then each type's own order (a type's hits all come from one
 * part, in its order: the sort is stable). The counts of every part, keyed in the order of SEARCH_TYPES.
 */
export function mergeAnswers(answers: readonly SearchAnswer[]): SearchAnswer {
  if (answers.length === 1) return answers[0]!;
  const hits: SearchHit[] = answers.flatMap((a) => a.hits);
  hits.sort((a, b) => b.score - a.score || ORDER.get(a.type)! - ORDER.get(b.type)!);
  const counts: Partial<Record<SearchType, number>> = {};
  for (const type of SEARCH_TYPES) {
    for (const a of answers) if (a.counts[type] !== undefined) counts[type] = a.counts[type];
  }
  return { hits, counts };
}

/**
 * A port to several indexes (data/local-search.ts: notes in one worker, the other types in another, so the two
 * build in parallel on two cores), seen as one: each change goes to the parts holding its types (only the part of
 * it they hold; nothing when that part is empty), a search and `clear` go to every part, and a search is answered
 * once every part answered its `seq`, with their answers merged (`mergeAnswers`), in the time of the slowest.
 * When a part skipped the query for a newer one (`superseded`), the answer is empty and superseded, as one
 * worker answers it: the newest query is never skipped, so it alone gets the whole answer. `applied` replies are
 * passed on as they come, one per part that got the change.
 */
export function routedPort(parts: readonly RoutedPart[]): SearchPort {
  const partOf = new Map<SearchType, number>();
  parts.forEach((part, i) => part.types.forEach((t) => partOf.set(t, i)));
  const missing = SEARCH_TYPES.filter((t) => !partOf.has(t));
  if (missing.length > 0) throw new Error(`routedPort: no part holds ${missing.join(', ')}`);

  /** Searches some part has not answered yet: the replies so far. */
  const pending = new Map<number, Extract<WorkerReply, { kind: 'answer' }>[]>();
  const port: SearchPort = {
    onReply: null,
    post(request: WorkerRequest) {
      if (request.kind !== 'apply') {
        if (request.kind === 'search') pending.set(request.seq, []);
        for (const part of parts) part.port.post(request);
        return;
      }
      const changes = parts.map(() => ({ upserts: [] as SearchDoc[], removes: [] as string[] }));
      for (const doc of request.change.upserts) changes[partOf.get(doc.type)!]!.upserts.push(doc);
      for (const key of request.change.removes) changes[partOf.get(typeOfKey(key)) ?? 0]!.removes.push(key);
      changes.forEach((change, i) => {
        if (change.upserts.length > 0 || change.removes.length > 0) parts[i]!.port.post({ kind: 'apply', change });
      });
    },
    terminate() {
      pending.clear();
      for (const part of parts) part.port.terminate();
    },
  };
  const onPartReply = (reply: WorkerReply) => {
    if (reply.kind === 'applied') return port.onReply?.(reply);
    const got = pending.get(reply.seq);
    if (!got) return;
    got.push(reply);
    if (got.length < parts.length) return;
    pending.delete(reply.seq);
    const ms = Math.max(...got.map((r) => r.ms));
    if (got.some((r) => r.superseded)) port.onReply?.({ kind: 'answer', seq: reply.seq, answer: { hits: [], counts: {} }, ms, superseded: true });
    else port.onReply?.({ kind: 'answer', seq: reply.seq, answer: mergeAnswers(got.map((r) => r.answer)), ms });
  };
  for (const part of parts) part.port.onReply = onPartReply;
  return port;
}
