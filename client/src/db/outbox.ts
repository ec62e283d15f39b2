import { SKIP_MUTATION, type Mutation } from '@adhd/shared/sync/protocol';
import { earlyClientId } from '../lib/early';
import type { AppDatabase } from './database';

/**
 * The ids of the local changes still waiting for the server: outbox entries other than `sync.skip` (the
 * no-op that only consumes the id of a change set aside as too large). Refused changes are not in the outbox
 * any more: they are in the "needs attention" list.
 */
export async function pendingIds(db: AppDatabase): Promise<number[]> {
  const ids: number[] = [];
  await db._outbox.each((e) => void (e.name !== SKIP_MUTATION && ids.push(e.id)));
  return ids;
}

/** Local changes the server has not confirmed yet. Sign-out warns when this is not 0. */
export async function pendingCount(db: AppDatabase): Promise<number> {
  return (await pendingIds(db)).length;
}

/** A client id for the push/pull protocol (`[A-Za-z0-9_-]{8,100}`), one per database. */
export function newClientId(): string {
  return `c_${crypto.randomUUID().replaceAll('-', '')}`;
}

export interface SyncMeta {
  clientId: string;
  cursor: number;
  /** The server database epoch `cursor` belongs to (undefined before the first answer that has one). */
  epoch?: string;
}

/** The database's client id (created on first use) and pull cursor, read in one transaction. */
export async function loadSyncMeta(db: AppDatabase): Promise<SyncMeta> {
  return db.transaction('rw', db._meta, async () => {
    let clientId = (await db._meta.get('clientId'))?.value;
    if (typeof clientId !== 'string') {
      // A new database: the first pull page may have been requested under this id already (public/early.js).
      clientId = earlyClientId(db.name) ?? newClientId();
      await db._meta.put({ key: 'clientId', value: clientId });
    }
    const cursor = Number((await db._meta.get('cursor'))?.value ?? 0);
    const epoch = (await db._meta.get('epoch'))?.value;
    return typeof epoch === 'string' ? { clientId, cursor, epoch } : { clientId, cursor };
  });
}

/** Up to `limit` outbox entries with an id above `afterId`, oldest first, as the push sends them. */
export async function outboxAfter(db: AppDatabase, afterId: number, limit: number): Promise<Mutation[]> {
  const entries = await db._outbox.where('id').above(afterId).limit(limit).toArray();
  return entries.map(({ id, name, args, clientTime }) => (clientTime === undefined ? { id, name, args } : { id, name, args, clientTime }));
}

/**
 * Give the outbox consecutive ids from `firstId` on, keeping its order, and continue `nextMutationId` after
 * them. Used when the server's count for this client is behind what the outbox starts at (a restored server)
 * or when the database starts over under a new client id (403).
 */
export async function renumberOutbox(db: AppDatabase, firstId: number, clientId?: string): Promise<void> {
  await db.transaction('rw', db._outbox, db._meta, async () => {
    const entries = await db._outbox.orderBy('seq').toArray();
    entries.forEach((e, i) => (e.id = firstId + i));
    await db._outbox.bulkPut(entries);
    await db._meta.put({ key: 'nextMutationId', value: firstId + entries.length });
    if (clientId) await db._meta.put({ key: 'clientId', value: clientId });
  });
}
