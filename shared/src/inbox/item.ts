import { MutationError, type MutationTx } from '../sync/mutator.js';
import type { InboxData } from './schema.js';

export const INBOX_NOT_FOUND = 'Inbox item not found';

/** The live item, or NOT_FOUND. */
export async function liveItem(tx: MutationTx, id: string) {
  const row = await tx.get<InboxData>('inbox', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', INBOX_NOT_FOUND);
  return row;
}
