import { SYNC_SCHEMA_VERSION, type PullResponse, type PushResponse } from '@adhd/shared/sync/protocol';
import { applyPullPage } from './apply-pull';
import type { AppDatabase } from './database';
import { outboxAfter, renumberOutbox, type SyncMeta } from './outbox';
import { hasEarlyResponse } from '../lib/early';
import { SyncHttpError, type SyncHttp } from './sync-http';

/**
 * Send the outbox entries above `afterId` in order, at most `limit` per request (docs/sync.md, push).
 * Confirmed entries stay in the outbox: the pull that brings their effects drops them. On 409 MUTATION_GAP
 * the outbox is sent again from `expected`. Returns whether anything was sent and the server's lastMutationId.
 */
export async function pushOutbox(
  db: AppDatabase,
  http: SyncHttp,
  meta: SyncMeta,
  afterId: number,
  limit: number,
  signal: AbortSignal,
): Promise<{ sent: boolean; lastMutationId: number }> {
  let last = afterId;
  let sent = false;
  for (let gaps = 0; ; ) {
    const mutations = await outboxAfter(db, last, limit);
    if (mutations.length === 0) return { sent, lastMutationId: last };
    try {
      const body = { clientId: meta.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations };
      const res = await http.post<PushResponse>('/api/sync/push', body, signal);
      // A 200 has processed the whole batch; anything else is a broken answer, retried with backoff.
      if (!(res.lastMutationId >= mutations[mutations.length - 1]!.id)) throw new SyncHttpError('server', 200);
      sent = true;
      last = res.lastMutationId;
    } catch (err) {
      if (!(err instanceof SyncHttpError) || err.kind !== 'gap' || ++gaps > 3) throw err;
      const expected = Number(err.body.expected);
      if (!Number.isSafeInteger(expected) || expected < 1) throw err;
      // The server is behind the outbox's first id (a restored server): number the outbox from `expected`.
      const first = (await outboxAfter(db, 0, 1))[0]?.id;
      if (first !== undefined && first > expected) await renumberOutbox(db, expected);
      last = expected - 1;
    }
  }
}

/**
 * Pull pages until `hasMore` is false (docs/sync.md, pull), stored in transactions with their cursor;
 * `meta.cursor` follows. While a page is being written the next one is already requested (the network and
 * the IndexedDB write overlap: a first sync of 14k rows is four pages). The first page of a first sync is
 * stored alone, so its rows show at once; after it, pages that arrive within `mergeWaitMs` of each other
 * are stored together, up to MERGE_ROWS rows (a fast network), and so are the pages the head start sent at
 * page start (public/early.js: they are downloaded or on their way, whatever the main thread is busy with).
 * Each transaction rewrites the bucket records its rows fall in (db/buckets.ts), so four pages cost four
 * rewrites of nearly every record, and one page of all their rows costs one. On a slow network every page
 * is stored as it comes, as before. A page made stale by another tab's pull is dropped, with the
 * request made after it, and asked again from the stored cursor. Returns the server's lastMutationId for
 * this client, read with the last page.
 */
export async function pullUntilDone(
  db: AppDatabase,
  http: SyncHttp,
  meta: SyncMeta,
  limit: number,
  signal: AbortSignal,
  mergeWaitMs = MERGE_WAIT_MS,
): Promise<{ lastMutationId: number }> {
  const fetchPage = (cursor: number, sig: AbortSignal) => {
    // A first sync starts with a small page, so the first rows are on screen sooner.
    const size = cursor === 0 ? Math.min(limit, FIRST_PAGE) : limit;
    const body = { clientId: meta.clientId, cursor, limit: size, schemaVersion: SYNC_SCHEMA_VERSION };
    const ahead = hasEarlyResponse('/api/sync/pull', JSON.stringify(body));
    const t0 = now();
    const page = http.post<PullResponse>('/api/sync/pull', body, sig).then((page) => {
      measure('sync:pull:fetch', t0, now());
      return page;
    });
    return { page, ahead };
  };
  let next: Pending | null = null;
  const request = (cursor: number): Pending => {
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const sent = fetchPage(cursor, abort.signal);
    const page = sent.page.finally(() => signal.removeEventListener('abort', onAbort));
    page.catch(() => undefined); // a prefetch that is dropped must not surface as an unhandled rejection
    return { cursor, page, abort, ahead: sent.ahead };
  };
  try {
    for (let stale = 0; ; ) {
      const cursor = meta.cursor;
      const current = next && next.cursor === cursor ? next : request(cursor);
      if (next && next !== current) next.abort.abort();
      next = null;
      let page = await current.page;
      if (signal.aborted) throw new SyncHttpError('aborted', 0);
      if (page.hasMore) next = request(page.cursor);
      if (cursor > 0) {
        // Take in the pages that follow closely (see above). A page that fails, is late or resets the
        // tables stays `next`, for the loop to meet as usual.
        while (page.hasMore && next && page.changes.length < MERGE_ROWS) {
          const more = next.ahead ? await next.page.catch(() => undefined) : await settledWithin(next.page, mergeWaitMs);
          if (!more || more.reset || signal.aborted) break;
          page = { ...more, reset: page.reset, changes: page.changes.concat(more.changes) };
          next = more.hasMore ? request(more.cursor) : null;
        }
      }
      const t1 = now();
      const result = await applyPullPage(db, page, cursor);
      measure('sync:pull:apply', t1, now());
      meta.cursor = result.cursor;
      if (!result.applied) {
        if (++stale > 5) throw new Error('The pull cursor keeps moving under this tab');
        continue;
      }
      if (!page.hasMore) return { lastMutationId: page.lastMutationId };
    }
  } finally {
    next?.abort.abort();
  }
}

/** Rows of the first page of a first sync (cursor 0). */
export const FIRST_PAGE = 1000;

/** How long a page waits for the next one to be stored with it, and the most rows stored together. */
export const MERGE_WAIT_MS = 100;
export const MERGE_ROWS = 20_000;

interface Pending {
  cursor: number;
  page: Promise<PullResponse>;
  abort: AbortController;
  /** The head start (public/early.js) sent this request at page start: it is downloaded or on its way. */
  ahead: boolean;
}

/** The value of `promise` if it fulfils within `ms`; undefined when it is later or fails. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

const now = () => globalThis.performance?.now() ?? 0;

function measure(name: string, start: number, end: number) {
  try {
    globalThis.performance?.measure?.(name, { start, end });
  } catch {
    /* User Timing is optional */
  }
}
