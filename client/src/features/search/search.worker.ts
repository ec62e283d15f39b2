import { serveIndex } from './logic/serve';

/**
 * The palette's index in a Web Worker (loaded with `new Worker(new URL(…), { type: 'module' })` by
 * data/local-search.ts, its own chunk with MiniSearch; two of them, each indexing some of the types: see
 * data/routed-port.ts): building the index of 14k documents and answering a keystroke's query never take
 * main-thread time. What it does with each message, newest query first: logic/serve.ts.
 */
serveIndex(self as unknown as DedicatedWorkerGlobalScope);
