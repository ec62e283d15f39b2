import { forbidden } from '../../lib/errors.js';
import { changesPage, pageCut, type Db } from './repository.js';
import { answerBytes } from '../../lib/answer-buffer.js';
import { epochKnown, findClient, newestEpoch, readSeq } from './sync-state.js';

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
 * A page of changes after `cursor` as JSON in one UTF-8 buffer (the answer as sent), with the client's lastMutationId read in the same snapshot
 * (`trx`). A full sync moves every row the user has, so the stored JSON of each row is spliced into the answer
 * instead of being parsed and serialized again, by the store itself (`changesPage`). A page holds at most
 * `limit` rows and is cut once its rows reach `pullMaxBytes` (always at least one row): the store decides the cut
 * first from the rows' sizes (`pageCut`), so the rows read are the rows sent.
 */
export async function pullPage(trx: Db, userId: string, clientId: string, { cursor, limit, epoch }: PullParams, pullMaxBytes: number): Promise<Buffer> {
  const client = await findClient(trx, clientId);
  if (client && client.user_id !== userId) throw forbidden('This client belongs to another user');
  const lastMutationId = Number(client?.last_mutation_id ?? 0);
  const { seq, minVersion } = await readSeq(trx, userId);
  const current = await newestEpoch(trx);
  // A cursor from before garbage-collected tombstones, from another database, or from an epoch this
  // database never had (a restored older copy) starts over.
  const unknownEpoch = epoch !== undefined && epoch !== current?.id && !(await epochKnown(trx, epoch));
  const reset = unknownEpoch || cursor > seq || (cursor > 0 && cursor < minVersion);
  const from = reset ? 0 : cursor;
  const { fetched, take, last } = await pageCut(trx, userId, from, limit, pullMaxBytes, CHANGE_OVERHEAD);
  const hasMore = fetched > take;
  const nextCursor = hasMore ? last! : Math.max(seq, from);
  const head = `{"cursor":${nextCursor},"hasMore":${hasMore},"reset":${reset},"lastMutationId":${lastMutationId},"epoch":${JSON.stringify(current?.id ?? '')},"changes":[`;
  return take === 0 ? answerBytes(`${head}]}`) : changesPage(trx, userId, from, take, head, ']}');
}
