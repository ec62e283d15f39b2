import { SYNC_SCHEMA_VERSION, type PullResponse, type PushResponse } from '@adhd/shared/sync/protocol';
import { applyPullPage } from './apply-pull';
import type { AppDatabase } from './database';
import { outboxAfter, renumberOutbox, type SyncMeta } from './outbox';
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
 * Pull pages until `hasMore` is false (docs/sync.md, pull), each stored in its own transaction with its
 * cursor; `meta.cursor` follows. A page made stale by another tab's pull is dropped and asked again from the
 * stored cursor. Returns the server's lastMutationId for this client, read with the last page.
 */
export async function pullUntilDone(
  db: AppDatabase,
  http: SyncHttp,
  meta: SyncMeta,
  limit: number,
  signal: AbortSignal,
): Promise<{ lastMutationId: number }> {
  for (let stale = 0; ; ) {
    const cursor = meta.cursor;
    const body = { clientId: meta.clientId, cursor, limit, schemaVersion: SYNC_SCHEMA_VERSION };
    const page = await http.post<PullResponse>('/api/sync/pull', body, signal);
    if (signal.aborted) throw new SyncHttpError('aborted', 0);
    const result = await applyPullPage(db, page, cursor);
    meta.cursor = result.cursor;
    if (!result.applied) {
      if (++stale > 5) throw new Error('The pull cursor keeps moving under this tab');
      continue;
    }
    if (!page.hasMore) return { lastMutationId: page.lastMutationId };
  }
}
