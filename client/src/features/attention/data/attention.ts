import { TOO_LARGE } from '@adhd/shared/sync/protocol';
import type { AppDatabase, AttentionEntry } from '../../../db/database';
import { mutateWire } from '../../../db/mutate';

/** The entity types whose refused create or edit can come back as a new item, and the mutation that makes it. */
const CREATE_OF: Record<string, string> = { task: 'task.create', note: 'note.create' };

const actionOf = (name: string) => name.split('.')[1]?.split('@')[0] ?? '';

const argsOf = (entry: AttentionEntry): Record<string, unknown> =>
  typeof entry.args === 'object' && entry.args !== null ? (entry.args as Record<string, unknown>) : {};

/**
 * Whether "Restore as new" makes sense: a refused create or edit of a task or a note (the item may be gone,
 * so it comes back as a new one). Not for a change too large to send: it would be refused again as it is.
 */
export function canRestore(entry: AttentionEntry): boolean {
  const action = actionOf(entry.name);
  return entry.code !== TOO_LARGE && entry.entity in CREATE_OF && (action === 'create' || action === 'update');
}

/** The new item's fields: the item as this device showed it, with what the refused change changed on top. */
export function restoredFields(entry: AttentionEntry): Record<string, unknown> {
  const { id: _id, baseHash: _baseHash, ...changed } = argsOf(entry);
  const { conflictOf: _conflictOf, ...shown } = entry.row ?? {};
  return { ...shown, ...changed };
}

/**
 * "Restore as new": the item is created again under a new id through the normal local mutation (so it syncs
 * like any new item), and the entry leaves the list, in one transaction. Resolves with the new id.
 */
export async function restoreAsNew(db: AppDatabase, entry: AttentionEntry): Promise<string> {
  const create = CREATE_OF[entry.entity];
  if (!create || !canRestore(entry)) throw new Error(`${entry.name} cannot be restored as a new item`);
  const id = crypto.randomUUID();
  await db.transaction('rw', [...db.writeTables, db._attention], async () => {
    await mutateWire(db, create, { ...restoredFields(entry), id });
    await db._attention.delete(entry.id);
  });
  return id;
}

/** "Discard": the refused change is dropped for good. */
export async function discard(db: AppDatabase, entry: AttentionEntry): Promise<void> {
  await db._attention.delete(entry.id);
}

/** A short line naming the item (its title, name or the start of its text), at most `max` characters. */
export function previewOf(entry: AttentionEntry, max = 80): string {
  const fields = { ...(entry.row ?? {}), ...argsOf(entry) };
  const text = [fields.title, fields.name, fields.content, fields.description].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  const line = (text ?? '').trim().replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The text a refused change carried (a note's body, a task's description), for "Copy text": the way out for a
 * change too large to sync, which cannot be restored as it is.
 */
export function textOf(entry: AttentionEntry): string | null {
  const args = argsOf(entry);
  const text = [args.content, args.description].find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof text === 'string' ? text : null;
}
