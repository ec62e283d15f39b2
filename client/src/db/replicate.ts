import { PUSH_MAX_BYTES, QUOTA_EXCEEDED, SYNC_SCHEMA_VERSION, TOO_LARGE, type Mutation, type PullResponse, type PushResponse } from '@adhd/shared/sync/protocol';
import type { Refusal } from './attention';
import { applyPullPage } from './apply-pull';
import type { AppDatabase } from './database';
import { outboxAfter, renumberOutbox, type SyncMeta } from './outbox';
import { hasEarlyResponse } from '../lib/early';
import { SyncHttpError, type SyncHttp } from './sync-http';

/**
 * Send the outbox entries above `afterId` in order, at most `limit` per request and at most PUSH_MAX_BYTES of
 * JSON (docs/sync.md, push). Confirmed entries stay in the outbox: the pull that brings their effects drops
 * them. The answer's `rejected` results move to the "needs attention" list (db/attention.ts). A mutation
 * larger than the server takes (over SINGLE_MUTATION_MAX_BYTES, or answered 413 when sent alone) is set aside
 * there as TOO_LARGE and replaced by `sync.skip`; a 413 on a larger batch sends halves. On 409 MUTATION_GAP
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
  let cap = limit;
  for (let gaps = 0; ; ) {
    const { batch, oversized } = cutBatch(await outboxAfter(db, last, cap));
    if (oversized) {
      await setAside(db, oversized.mutation.id, TOO_LARGE, `This change is ${oversized.bytes} bytes of JSON; the most one request carries is ${SINGLE_MUTATION_MAX_BYTES}`);
      continue;
    }
    if (batch.length === 0) return { sent, lastMutationId: last };
    try {
      const body = { clientId: meta.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: batch };
      const res = await http.post<PushResponse>('/api/sync/push', body, signal);
      // A 200 has processed a prefix of the batch, at least its first mutation (the server stops a long batch
      // at its time or row budget, docs/sync.md); the loop sends the rest. No progress is a broken answer.
      if (!(res.lastMutationId >= batch[0]!.id)) throw new SyncHttpError('server', 200);
      sent = true;
      last = res.lastMutationId;
      const refused = (res.results ?? []).flatMap((r) => (r.status === 'rejected' ? [{ mutationId: r.id, code: r.code, message: r.message ?? '' }] : []));
      await moveToAttention(db, refused);
    } catch (err) {
      if (err instanceof SyncHttpError && err.kind === 'tooLarge') {
        if (batch.length > 1) {
          cap = Math.ceil(batch.length / 2);
          continue;
        }
        const error = err.body.error as { code?: unknown; message?: unknown } | undefined;
        const code = error?.code === QUOTA_EXCEEDED ? QUOTA_EXCEEDED : TOO_LARGE;
        await setAside(db, batch[0]!.id, code, typeof error?.message === 'string' ? error.message : 'Request body is too large');
        continue;
      }
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
 * Refused changes into the "needs attention" list (db/attention.ts). That code loads only when the server
 * refuses something, which is rare: it stays out of the first paint's scripts (metric 15).
 */
async function moveToAttention(db: AppDatabase, refusals: Refusal[], skip = false): Promise<void> {
  if (refusals.length) await (await import('./attention')).moveToAttention(db, refusals, skip);
}

/** The most JSON one mutation may be to be sent (alone): the server's 1 MiB body limit, less the envelope. */
export const SINGLE_MUTATION_MAX_BYTES = 1024 * 1024 - 1024;
/** Room kept in PUSH_MAX_BYTES for the request's envelope (`clientId`, `schemaVersion`, brackets). */
const ENVELOPE_BYTES = 1024;

/**
 * The longest prefix of `entries` within PUSH_MAX_BYTES (at least one entry, which may alone be larger, up to
 * SINGLE_MUTATION_MAX_BYTES); `oversized` when the first entry is larger than that and can never be sent.
 */
export function cutBatch(entries: Mutation[]): { batch: Mutation[]; oversized?: { mutation: Mutation; bytes: number } } {
  const batch: Mutation[] = [];
  let total = ENVELOPE_BYTES;
  for (const m of entries) {
    const bytes = jsonBytes(m);
    if (batch.length === 0 && bytes > SINGLE_MUTATION_MAX_BYTES) return { batch, oversized: { mutation: m, bytes } };
    if (batch.length > 0 && total + bytes + 1 > PUSH_MAX_BYTES) break;
    batch.push(m);
    total += bytes + 1;
  }
  return { batch };
}

/** The UTF-8 size of `value` as JSON, as it goes over the wire. */
export function jsonBytes(value: unknown): number {
  const s = JSON.stringify(value) ?? '';
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c < 0xdc00) {
      i++;
      n += 2;
    }
    else n += 2;
  }
  return n;
}

/** A mutation that cannot go as it is: into the "needs attention" list, a `sync.skip` in its place. */
const setAside = (db: AppDatabase, mutationId: number, code: string, message: string) => moveToAttention(db, [{ mutationId, code, message }], true);

/**
 * Pull pages until `hasMore` is false (docs/sync.md, pull), stored in transactions with their cursor and
 * epoch; `meta.cursor` and `meta.epoch` follow. While a page is being written the next one is already requested (the network and
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
  const fetchPage = (cursor: number, epoch: string | undefined, sig: AbortSignal) => {
    // A first sync starts with a small page, so the first rows are on screen sooner.
    const size = cursor === 0 ? Math.min(limit, FIRST_PAGE) : limit;
    const body = pullBody(meta.clientId, cursor, size, epoch);
    const ahead = hasEarlyResponse('/api/sync/pull', JSON.stringify(body));
    const t0 = now();
    const page = http.post<PullResponse>('/api/sync/pull', body, sig).then((page) => {
      measure('sync:pull:fetch', t0, now());
      return page;
    });
    return { page, ahead };
  };
  let next: Pending | null = null;
  const request = (cursor: number, epoch: string | undefined): Pending => {
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const sent = fetchPage(cursor, epoch, abort.signal);
    const page = sent.page.finally(() => signal.removeEventListener('abort', onAbort));
    page.catch(() => undefined); // a prefetch that is dropped must not surface as an unhandled rejection
    return { cursor, epoch, page, abort, ahead: sent.ahead };
  };
  try {
    for (let stale = 0; ; ) {
      const { cursor, epoch } = meta;
      const current = next && next.cursor === cursor && next.epoch === epoch ? next : request(cursor, epoch);
      if (next && next !== current) next.abort.abort();
      next = null;
      let page = await current.page;
      if (signal.aborted) throw new SyncHttpError('aborted', 0);
      if (page.hasMore) next = request(page.cursor, epochOf(page));
      if (cursor > 0) {
        // Take in the pages that follow closely (see above). A page that fails, is late or resets the
        // tables stays `next`, for the loop to meet as usual.
        while (page.hasMore && next && page.changes.length < MERGE_ROWS) {
          const more = next.ahead ? await next.page.catch(() => undefined) : await settledWithin(next.page, mergeWaitMs);
          if (!more || more.reset || signal.aborted) break;
          page = { ...more, reset: page.reset, changes: page.changes.concat(more.changes) };
          next = more.hasMore ? request(more.cursor, epochOf(more)) : null;
        }
      }
      const t1 = now();
      const result = await applyPullPage(db, page, cursor, epoch);
      measure('sync:pull:apply', t1, now());
      meta.cursor = result.cursor;
      meta.epoch = result.epoch;
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

/**
 * A pull request's body. `epoch` (the server database epoch the cursor was read in, docs/sync.md) is sent
 * once known and always last: public/early.js builds the same text, key for key, or its answer is not taken.
 */
export function pullBody(clientId: string, cursor: number, limit: number, epoch: string | undefined) {
  return { clientId, cursor, limit, schemaVersion: SYNC_SCHEMA_VERSION, ...(epoch === undefined ? {} : { epoch }) };
}

/** A page's epoch, when the server sends one. */
export const epochOf = (page: PullResponse): string | undefined => (typeof page.epoch === 'string' ? page.epoch : undefined);

interface Pending {
  cursor: number;
  epoch: string | undefined;
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
