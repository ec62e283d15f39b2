import { handleRequest } from './logic/handler';
import type { WorkerRequest } from './logic/protocol';
import { SearchIndex } from './logic/search-index';

/**
 * The palette's index in a Web Worker (loaded with `new Worker(new URL(…), { type: 'module' })` by
 * data/local-search.ts, its own chunk with MiniSearch): building the index of 14k documents and answering a
 * keystroke's query never take main-thread time. Requests are handled in order, so a search sees every change
 * posted before it.
 */
const index = new SearchIndex();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const reply = handleRequest(index, event.data);
  if (reply) scope.postMessage(reply);
};
