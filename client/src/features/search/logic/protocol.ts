import type { IndexChange, SearchAnswer } from './types';

/** Messages between the main thread and the index worker (search.worker.ts), answered in order. */
export type WorkerRequest = { kind: 'apply'; change: IndexChange } | { kind: 'search'; seq: number; query: string; perType: number } | { kind: 'clear' };

export type WorkerReply =
  /** After each change: the documents in the index and the time the change took (a first build: the build). */
  | { kind: 'applied'; size: number; ms: number }
  | { kind: 'answer'; seq: number; answer: SearchAnswer; ms: number };

/** A channel to the index: a Worker, or the same handler in this thread. */
export interface SearchPort {
  post(request: WorkerRequest): void;
  onReply: ((reply: WorkerReply) => void) | null;
  terminate(): void;
}
