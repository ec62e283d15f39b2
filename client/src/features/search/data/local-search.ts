import type { AppDatabase } from '../../../db/database';
import type { SearchPort, WorkerReply } from '../logic/protocol';
import type { SearchAnswer, SearchDoc, SearchType } from '../logic/types';
import { docOf, indexSources, type IndexSource } from './documents';

/**
 * The palette's side of the index worker: feeds it the local tables and asks it queries.
 *
 * How the index is built. The main thread posts the live tables' rows (db/live-table.ts), reduced to the
 * indexed strings (data/documents.ts), rather than letting the worker read IndexedDB itself: the rows are in
 * memory already (the screens hold the same live tables; a table not read yet is read once, as its screen
 * would), and they are decoded. A worker reading the database would repeat that whole read and decode (rows
 * are packed into bucket records of JSON text, db/buckets.ts: Dexie, the bucket middleware and the decoders
 * in the worker's chunk, ~140 ms of reading for 10k tasks) and then need the same change notifications anyway.
 * Posting 14k small documents costs one structured clone of their text (~3 MB for the bench's data).
 *
 * How it stays current. Each live table publishes a new snapshot after a local write (also another tab's)
 * and after a pull page, and a row that did not change keeps its object. So each snapshot is compared with
 * the previous one by identity: only added or changed rows are posted again (replaced in the index), and the
 * ids that left are discarded. A change of one task posts one document.
 */
export class LocalSearch {
  private readonly sources: IndexSource[];
  private readonly seen = new Map<SearchType, Map<string, object>>();
  private upserts: SearchDoc[] = [];
  private removes: string[] = [];
  private flushQueued = false;
  private readonly unsubscribes: (() => void)[] = [];
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (answer: SearchAnswer) => void; start: number }>();
  private disposed = false;
  /** Worker time spent on changes so far (until `ready`: the first build). */
  private applyMs = 0;
  /** The worker's time to index every document of the first reads, once `ready`. */
  buildMs = 0;
  /** Resolves once every table's first read is in the index. */
  readonly ready: Promise<void>;

  constructor(
    db: AppDatabase,
    private readonly port: SearchPort,
  ) {
    const start = performance.now();
    this.sources = indexSources(db);
    port.onReply = (reply) => this.reply(reply);
    for (const source of this.sources) {
      this.seen.set(source.type, new Map());
      const update = () => this.follow(source);
      this.unsubscribes.push(source.table.subscribe(update));
      if (source.table.loaded) update();
    }
    this.ready = Promise.all(this.sources.map((s) => s.table.settled())).then(async () => {
      this.flush();
      await this.ask('', 0);
      this.buildMs = this.applyMs;
      // For the bench (bench/feature-search-client.mjs, 161): the whole build, and the worker's part of it.
      performance.measure?.('search:build', { start, end: performance.now() });
      performance.measure?.('search:build:worker', { start, duration: this.buildMs });
    });
  }

  /** The best local matches of `query` (blank: none), at most `perType` of each type. */
  search(query: string, perType = 8): Promise<SearchAnswer> {
    this.flush();
    return this.ask(query, perType);
  }

  /** The live row behind a hit, as the index saw it (undefined when it has gone since). */
  doc(type: SearchType, id: string): SearchDoc | undefined {
    const row = this.seen.get(type)?.get(id);
    return row && docOf(type, id, row as Record<string, unknown>);
  }

  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribes.splice(0)) off();
    this.port.terminate();
    for (const { resolve } of this.waiting.values()) resolve({ hits: [], counts: {} });
    this.waiting.clear();
  }

  private ask(query: string, perType: number): Promise<SearchAnswer> {
    if (this.disposed) return Promise.resolve({ hits: [], counts: {} });
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, { resolve, start: performance.now() });
      this.port.post({ kind: 'search', seq, query, perType });
    });
  }

  private reply(reply: WorkerReply): void {
    if (reply.kind === 'applied') {
      this.applyMs += reply.ms;
      return;
    }
    const asked = this.waiting.get(reply.seq);
    this.waiting.delete(reply.seq);
    if (!asked) return;
    // For the bench (160): the round trip of a query, and the worker's part of it.
    performance.measure?.('search:ask', { start: asked.start, end: performance.now(), detail: { workerMs: reply.ms } });
    asked.resolve(reply.answer);
  }

  /** Queues what changed in `source` since its last snapshot (rows compared by identity). */
  private follow(source: IndexSource): void {
    const items = source.table.get()?.items;
    if (!items || this.disposed) return;
    const before = this.seen.get(source.type)!;
    const now = new Map<string, object>();
    for (const row of items) {
      const id = source.idOf(row);
      now.set(id, row);
      if (before.get(id) !== row) this.upserts.push(docOf(source.type, id, row as Record<string, unknown>));
    }
    for (const id of before.keys()) if (!now.has(id)) this.removes.push(`${source.type}:${id}`);
    this.seen.set(source.type, now);
    if (!this.flushQueued && (this.upserts.length > 0 || this.removes.length > 0)) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Posts the queued changes as one message. */
  private flush(): void {
    this.flushQueued = false;
    if (this.disposed || (this.upserts.length === 0 && this.removes.length === 0)) return;
    this.port.post({ kind: 'apply', change: { upserts: this.upserts, removes: this.removes } });
    this.upserts = [];
    this.removes = [];
  }
}

/** A port to a new index worker (its own chunk with MiniSearch), or the same index in this thread without Worker. */
export function workerPort(): SearchPort {
  if (typeof Worker === 'undefined') return deferredPort(import('../logic/handler').then((m) => m.inProcessPort()));
  const worker = new Worker(new URL('../search.worker.ts', import.meta.url), { type: 'module', name: 'search-index' });
  const port: SearchPort = {
    onReply: null,
    post: (request) => worker.postMessage(request),
    terminate: () => worker.terminate(),
  };
  worker.onmessage = (event: MessageEvent<WorkerReply>) => port.onReply?.(event.data);
  return port;
}

/** A port whose requests wait until `real` is there (kept in order). */
function deferredPort(real: Promise<SearchPort>): SearchPort {
  let target: SearchPort | null = null;
  let terminated = false;
  const queue: Parameters<SearchPort['post']>[0][] = [];
  const port: SearchPort = {
    onReply: null,
    post: (request) => (target ? target.post(request) : queue.push(request)),
    terminate: () => {
      terminated = true;
      target?.terminate();
    },
  };
  void real.then((p) => {
    if (terminated) return p.terminate();
    target = p;
    p.onReply = (reply) => port.onReply?.(reply);
    for (const request of queue.splice(0)) p.post(request);
  });
  return port;
}

const searches = new WeakMap<AppDatabase, LocalSearch>();

/** The index of `db`, made on first use (the first Ctrl+K) and kept for the session; gone with the database. */
export function localSearchFor(db: AppDatabase): LocalSearch {
  let search = searches.get(db);
  if (!search) {
    const made = new LocalSearch(db, workerPort());
    searches.set(db, (search = made));
    db.on('close', () => {
      made.dispose();
      searches.delete(db);
    });
  }
  return search;
}
