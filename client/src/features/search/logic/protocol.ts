import type { IndexChange, SearchAnswer } from './types';

/** Messages between the main thread and an index worker (search.worker.ts), answered in order. */
export type WorkerRequest = { kind: 'apply'; change: IndexChange } | { kind: 'search'; seq: number; query: string; perType: number } | { kind: 'clear' };

export type WorkerReply =
  /**
   * After each change: the documents in this index, when the change started (`performance.timeOrigin` + now: a
   * time comparable across threads) and the time it took (a first build: the build).
   */
  | { kind: 'applied'; size: number; at: number; ms: number }
  /** `superseded`: not run, a newer query came meanwhile (answered empty). */
  | { kind: 'answer'; seq: number; answer: SearchAnswer; ms: number; superseded?: true };

/** A channel to the index: a Worker, the same handler in this thread, or several of them (data/routed-port.ts). */
export interface SearchPort {
  post(request: WorkerRequest): void;
  onReply: ((reply: WorkerReply) => void) | null;
  terminate(): void;
}
