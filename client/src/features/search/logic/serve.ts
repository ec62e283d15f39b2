import { handleRequest } from './handler';
import type { WorkerReply, WorkerRequest } from './protocol';
import { SearchIndex } from './search-index';

/** The side of a worker that serveIndex uses (a DedicatedWorkerGlobalScope, or a stand-in in tests). */
export interface IndexScope {
  postMessage(reply: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}

/** Runs each function given after the messages already queued: a message to itself, behind them. */
export function afterQueued(): (run: () => void) => void {
  const channel = new MessageChannel();
  const runs: (() => void)[] = [];
  channel.port1.onmessage = () => runs.shift()?.();
  return (run) => {
    runs.push(run);
    channel.port2.postMessage(null);
  };
}

/**
 * An index answering the requests `scope` receives (search.worker.ts). Changes are applied in order as they
 * come, so a search sees every change posted before it. A search waits for the messages already queued (`later`):
 * when several keystrokes' queries are waiting only the newest is run, the older ones are answered empty and
 * `superseded` (the palette shows only the newest).
 */
export function serveIndex(scope: IndexScope, later: (run: () => void) => void = afterQueued()): void {
  const index = new SearchIndex();
  let waiting: Extract<WorkerRequest, { kind: 'search' }> | null = null;
  const runWaiting = () => {
    const request = waiting;
    waiting = null;
    const reply = request && handleRequest(index, request);
    if (reply) scope.postMessage(reply);
  };
  scope.onmessage = (event) => {
    const request = event.data;
    if (request.kind !== 'search') {
      const reply = handleRequest(index, request);
      if (reply) scope.postMessage(reply);
      return;
    }
    if (waiting) scope.postMessage({ kind: 'answer', seq: waiting.seq, answer: { hits: [], counts: {} }, ms: 0, superseded: true });
    else later(runWaiting);
    waiting = request;
  };
}
