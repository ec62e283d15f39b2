import { handleRequest } from './logic/handler';
import type { WorkerRequest } from './logic/protocol';
import { SearchIndex } from './logic/search-index';

/**
 * The palette's index in a Web Worker (loaded with `new Worker(new URL(…), { type: 'module' })` by
 * data/local-search.ts, its own chunk with MiniSearch): building the index of 14k documents and answering a
 * keystroke's query never take main-thread time. Changes are applied in order as they come, so a search sees
 * every change posted before it. Searches wait for the messages already queued: when several keystrokes' queries
 * are waiting only the newest is run, the older ones are answered empty (the palette shows only the newest).
 */
const index = new SearchIndex();
const scope = self as unknown as DedicatedWorkerGlobalScope;
let waiting: Extract<WorkerRequest, { kind: 'search' }> | null = null;
const channel = new MessageChannel();

channel.port1.onmessage = () => {
  const request = waiting;
  waiting = null;
  const reply = request && handleRequest(index, request);
  if (reply) scope.postMessage(reply);
};

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind !== 'search') {
    const reply = handleRequest(index, request);
    if (reply) scope.postMessage(reply);
    return;
  }
  if (waiting) scope.postMessage({ kind: 'answer', seq: waiting.seq, answer: { hits: [], counts: {} }, ms: 0 });
  else channel.port2.postMessage(null);
  waiting = request;
};
