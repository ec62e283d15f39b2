import { performance } from 'node:perf_hooks';

/**
 * Lets a long piece of work give the event loop back every `sliceMs`: `await pace()` is free until the slice
 * is used up, then waits one turn (setImmediate), so timers, sockets and other requests run in between. With
 * better-sqlite3 every query is synchronous and a promise chain of them never leaves the turn it started in.
 */
export function pacer(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
