import { forbidden } from '../../lib/errors.js';
import { joinParts } from '../../db/joined-bytes.js';
import { readPage, type Db } from './repository.js';
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
  const hasMore = page.fetched > page.take;
  const nextCursor = hasMore ? page.last! : Math.max(seq, from);
  const head = `{"cursor":${nextCursor},"hasMore":${hasMore},"reset":${reset},"lastMutationId":${lastMutationId},"epoch":${JSON.stringify(state.epoch ?? '')},"changes":[`;
  return joinParts(page.parts, head, ']}');
}
