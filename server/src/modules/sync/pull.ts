import { sql } from 'kysely';
import { forbidden } from '../../lib/errors.js';
import { cutPageWithState, joinParts, type CutPage } from '../../db/joined-bytes.js';
import { pageQuery, readPage, type Db } from './repository.js';
import { epochKnown, readPullState } from './sync-state.js';

/** The read side of the sync protocol (docs/sync.md, pull): a page of changes as JSON (UTF-8 bytes). */

/** The pull request fields the engine reads. */
export interface PullParams {
  cursor: number;
  limit: number;
  /** The epoch of the client's cursor, when it sent one. */
  epoch?: string | undefined;
}

/** Bytes a change costs in the page besides its row's JSON (entity, id, version, timestamps). */
const CHANGE_OVERHEAD = 160;

/**
 * A page of changes after `cursor` as JSON in one UTF-8 buffer (the answer as sent), with the client's
 * lastMutationId read in the same snapshot (`trx`): two statements, the pull's state (`readPullState`) then the
 * page (`readPage`). A full sync moves every row the user has, so the stored JSON of each row is spliced into
 * the answer instead of being parsed and serialized again, by the store itself. A page holds at most `limit`
 * rows and is cut once its rows reach `pullMaxBytes` (always at least one row): the store decides the cut from
 * the rows' sizes before reading their data, so the rows read are the rows sent.
 */
export async function pullPage(trx: Db, userId: string, clientId: string, { cursor, limit, epoch }: PullParams, pullMaxBytes: number): Promise<Buffer> {
  const state = await readPullState(trx, userId, clientId);
  if (state.clientUser !== null && state.clientUser !== userId) throw forbidden('This client belongs to another user');
  const { lastMutationId, seq, minVersion } = state;
  // A cursor from before garbage-collected tombstones, from another database, or from an epoch this
  // database never had (a restored older copy) starts over.
  const unknownEpoch = epoch !== undefined && epoch !== state.epoch && !(await epochKnown(trx, epoch));
  const reset = unknownEpoch || cursor > seq || (cursor > 0 && cursor < minVersion);
  const from = reset ? 0 : cursor;
  const page = await readPage(trx, userId, from, limit, pullMaxBytes, CHANGE_OVERHEAD);
  return answer(page, { from, seq, reset, lastMutationId, epoch: state.epoch });
}

/** The answer's bytes: the head (the page's cursor and the pull's state), the page's changes, the tail. */
function answer(page: CutPage, s: { from: number; seq: number; reset: boolean; lastMutationId: number; epoch: string | null }): Buffer {
  const hasMore = page.fetched > page.take;
  const nextCursor = hasMore ? page.last! : Math.max(s.seq, s.from);
  const head = `{"cursor":${nextCursor},"hasMore":${hasMore},"reset":${s.reset},"lastMutationId":${s.lastMutationId},"epoch":${JSON.stringify(s.epoch ?? '')},"changes":[`;
  return joinParts(page.parts, head, ']}');
}

/** The pull's state as `pullPageInOne`'s statement reads it (see `pullPage` for each rule). */
interface OneState {
  lm: number | string | null;
  seq: number | string | null;
  ep: string | null;
  reset: boolean;
  ok: boolean;
}

/**
 * PostgreSQL: `pullPage` in ONE statement without a transaction (db/joined-bytes.ts `cutPageWithState`): one
 * statement reads one snapshot, so the state and the page agree as they do in `pullPage`'s repeatable-read
 * transaction, in one round trip instead of four. The state (client row, counters, newest epoch, whether the
 * cursor's epoch is known) and the rules that follow from it (the reset, whether the client is this user's)
 * are computed by the statement; the page is not read for another user's client. The page starts at the
 * cursor as a literal, so the planner reads the version index in order and stops at the page's end (a bound
 * the statement computes is planned as a third of the rows: a full scan and a sort). A cursor that resets
 * (another database, collected tombstones: rare) reads no page here: `null` answers, and the caller reads it
 * with `pullPage` in a transaction (so does a page whose rows did not come in order, see `cutPageWithState`).
 */
export async function pullPageInOne(db: Db, userId: string, clientId: string, params: PullParams, pullMaxBytes: number): Promise<Buffer | null> {
  const { cursor, limit, epoch } = params;
  const ep = epoch ?? null;
  const state = sql`SELECT c.last_mutation_id AS lm, u.seq, e.id AS ep,
      ((CAST(${ep} AS text) IS NOT NULL AND CAST(${ep} AS text) IS DISTINCT FROM e.id AND NOT EXISTS (SELECT 1 FROM epochs WHERE id = CAST(${ep} AS text)))
        OR CAST(${cursor} AS bigint) > coalesce(u.seq, 0)
        OR (CAST(${cursor} AS bigint) > 0 AND CAST(${cursor} AS bigint) < coalesce(u.min_version, 0))) AS reset,
      (c.user_id IS NULL OR c.user_id = ${userId}) AS ok
    FROM (SELECT 1) one
      LEFT JOIN sync_client c ON c.client_id = ${clientId}
      LEFT JOIN sync_user u ON u.user_id = ${userId}
      LEFT JOIN LATERAL (SELECT id FROM epochs ORDER BY n DESC LIMIT 1) e ON true`;
  // From 0 a reset reads the same page (it starts at 0 either way).
  const source = sql`FROM entities WHERE user_id = ${userId} AND version > ${cursor} AND st.ok${cursor > 0 ? sql` AND NOT st.reset` : sql``}`;
  const read = await cutPageWithState<OneState>(db, state, pageQuery(db, source, limit, pullMaxBytes, CHANGE_OVERHEAD));
  if (!read) return null;
  const { state: st, page } = read;
  if (!st.ok) throw forbidden('This client belongs to another user');
  if (st.reset && cursor > 0) return null;
  return answer(page, { from: cursor, seq: Number(st.seq ?? 0), reset: st.reset, lastMutationId: Number(st.lm ?? 0), epoch: st.ep });
}
