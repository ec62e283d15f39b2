import { Predictor } from './predict';
import type { SearchPort, WorkerReply, WorkerRequest } from './protocol';
import { SearchIndex } from './search-index';

/**
 * What the worker does with one request (also run in-process where there is no Worker, as in jsdom). A search
 * or a change stops the answers ahead of the previous keystroke; a search with `predict` then starts those of its own.
 */
export function handleRequest(index: SearchIndex, request: WorkerRequest, predictor?: Predictor): WorkerReply | null {
  const start = performance.now();
  switch (request.kind) {
    case 'apply':
      index.apply(request.change);
      return { kind: 'applied', size: index.size, ms: performance.now() - start };
    case 'search': {
      predictor?.stop();
      const answer = index.search(request.query, request.perType);
      if (request.predict !== undefined) predictor?.start(request.predict, request.perType);
      return { kind: 'answer', seq: request.seq, answer, ms: performance.now() - start };
    }
    case 'predict':
      predictor?.start(request.typed, request.perType);
      return null;
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
        const reply = handleRequest(index, request, predictor);
        if (reply) port.onReply?.(reply);
      });
    },
    terminate() {
      alive = false;
      predictor.stop();
    },
  };
  const predictor = new Predictor(index, (reply) => alive && port.onReply?.(reply), (run) => void setTimeout(run, 0));
  return port;
}
