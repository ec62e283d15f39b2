import type { SearchPort, WorkerReply, WorkerRequest } from './protocol';
import { SearchIndex } from './search-index';

/** What the worker does with one request (also run in-process where there is no Worker, as in jsdom). */
export function handleRequest(index: SearchIndex, request: WorkerRequest): WorkerReply | null {
  const start = performance.now();
  switch (request.kind) {
    case 'apply':
      index.apply(request.change);
      return { kind: 'applied', size: index.size, ms: performance.now() - start };
    case 'search': {
      const answer = index.search(request.query, request.perType);
      return { kind: 'answer', seq: request.seq, answer, ms: performance.now() - start };
    }
    case 'clear':
      index.clear();
      return null;
  }
}

/** The index in this thread, answering asynchronously like a worker (no Worker in jsdom or very old browsers). */
export function inProcessPort(): SearchPort {
  const index = new SearchIndex();
  let alive = true;
  const port: SearchPort = {
    onReply: null,
    post(request) {
      queueMicrotask(() => {
        if (!alive) return;
        const reply = handleRequest(index, request);
        if (reply) port.onReply?.(reply);
      });
    },
    terminate() {
      alive = false;
    },
  };
  return port;
}
