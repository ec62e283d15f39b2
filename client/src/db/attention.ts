import { ENTITY_TYPES, SKIP_MUTATION, type EntityType, type Mutation } from '@adhd/shared/sync/protocol';
import type { AppDatabase, AttentionEntry } from './database';

/** A mutation the server refused (or that cannot be sent), with the reason. */
export interface Refusal {
  mutationId: number;
  code: string;
  message: string;
}

const isEntity = (type: string): type is EntityType => (ENTITY_TYPES as readonly string[]).includes(type);

/** The entity a mutation changes: its name's prefix (`note.update@2` → note) and the id its args name. */
export function targetOf(name: string, args: unknown): { entity: string; entityId: string | null } {
  const entity = name.split('.')[0] ?? name;
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const id = [a.id, a.habitId, a.itemId].find((v) => typeof v === 'string');
  return { entity, entityId: (id as string | undefined) ?? null };
}

/**
 * Moves refused mutations out of the outbox into the "needs attention" list, in one transaction: each gets an
 * `_attention` record (what changed, the reason, the entity as this device shows it now) and its outbox entry
 * is dropped, so the unsynced count no longer counts it and the next rebase rolls its effect back. With
 * `skip` (a mutation too large to send) the entry is instead replaced by `sync.skip` under the same id, so
 * the server still consumes that id in order and the queue moves on.
 */
export async function moveToAttention(db: AppDatabase, refusals: Refusal[], skip = false): Promise<void> {
  if (refusals.length === 0) return;
  const at = new Date().toISOString();
  await db.transaction('rw', [db._outbox, db._attention, ...db.dataTables], async () => {
    for (const r of refusals) {
      const entry = await db._outbox.where('id').equals(r.mutationId).first();
      if (!entry || entry.name === SKIP_MUTATION) continue;
      const { entity, entityId } = targetOf(entry.name, entry.args);
      const row = isEntity(entity) && entityId ? await db.table_(entity).get(entityId) : undefined;
      const record: AttentionEntry = {
        id: crypto.randomUUID(),
        mutationId: entry.id,
        entity,
        entityId,
        name: entry.name,
        args: entry.args,
        row: row ? { ...row.data } : null,
        code: r.code,
        message: r.message,
        at,
      };
      await db._attention.put(await mergedWithEarlier(db, record));
      if (skip) await db._outbox.put({ ...skipOf(entry), seq: entry.seq });
      else await db._outbox.delete(entry.seq!);
    }
  });
}

const isWrite = (name: string) => /^[a-zA-Z]+\.(create|update)(@\d+)?$/.test(name);
const asObject = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/**
 * Several refused writes of one item for one reason (three saves of a note deleted elsewhere) are one entry:
 * what they changed together, the newest shown state, under the earlier entry's id, so "Restore as new"
 * brings the item back once, with every change.
 */
async function mergedWithEarlier(db: AppDatabase, record: AttentionEntry): Promise<AttentionEntry> {
  if (!record.entityId || !isWrite(record.name)) return record;
  const earlier = (await db._attention.where('at').belowOrEqual(record.at).toArray()).find(
    (e) => e.entity === record.entity && e.entityId === record.entityId && e.code === record.code && isWrite(e.name),
  );
  if (!earlier) return record;
  return { ...record, id: earlier.id, name: earlier.name, args: { ...asObject(earlier.args), ...asObject(record.args) } };
}

/** The no-op that takes a mutation's place (and id) in the outbox. */
const skipOf = (m: Mutation): Mutation => ({ id: m.id, name: SKIP_MUTATION, args: {} });
