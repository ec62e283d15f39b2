import { z } from 'zod/mini';
import { eventImportSchema, GOOGLE_EVENT_PREFIX, importedEventId, withEventDefaults, type EventData, type EventImportInput } from '@adhd/shared/events/schema';
import { normaliseEvent, putEvent } from '@adhd/shared/events/store';
import { MutationError, type MutationTx } from '@adhd/shared/sync/mutator';
import { toFieldErrors } from '@adhd/shared/validation/issues';

/**
 * The server-only write path of events (contract: "a server-only mutation/stage path sets them"): an imported
 * event with the fields no client may set (`source` 'ics' or 'google', `uid`, `sourceId`, `calendarId`,
 * `readonly`). It is not a registered mutation, so a sync push cannot name it; it runs inside the engine's
 * `stage` (engine.ts `Stage`, whose ServerTx is the `tx` here), as one layer of the user's write transaction, held to the quota and versioned:
 *
 *   await app.sync.run(userId, async (_exec, _trx, stage) => {
 *     await stage(async (tx) => { for (const e of events) counts[await writeImportedEvent(tx, e)]++; });
 *   }, async () => null);
 *
 * The row's id is `importedEventId(uid)` (an override: `importedEventId(uid, originalStart)`, with
 * `seriesId: importedEventId(uid)`), so a second import of the same file finds the same rows and, when nothing
 * changed, writes nothing ('unchanged'). A Google event (`source` 'google') names its row itself: `opts.id` =
 * `googleEventId(calendarId, eventId)` (SPEC section 3), which must start with `google_`. Bad fields or broken event rules throw MutationError VALIDATION (the
 * error handler answers 400; a caller that wants "nothing imported" lets it abort the whole transaction).
 */

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

const sameData = (a: EventData, b: EventData): boolean =>
  (Object.keys(a) as (keyof EventData)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

export async function writeImportedEvent(tx: MutationTx, input: EventImportInput, opts: { id?: string } = {}): Promise<ImportOutcome> {
  const parsed = z.safeParse(eventImportSchema, input);
  if (!parsed.success) throw new MutationError('VALIDATION', 'Invalid event', toFieldErrors(parsed.error));
  const { _id: _ignored, ...fields } = parsed.data;
  if (opts.id !== undefined && (fields.source !== 'google' || !opts.id.startsWith(GOOGLE_EVENT_PREFIX))) {
    throw new MutationError('VALIDATION', 'Only a Google event names its own id, and it starts with google_');
  }
  const id = opts.id ?? importedEventId(fields.uid, fields.seriesId ? fields.originalStart : null);
  const data = normaliseEvent(withEventDefaults(fields));
  const existing = await tx.get<EventData>('event', id);
  const live = existing !== undefined && !existing.deleted;
  if (live && sameData(data, withEventDefaults(existing.data))) return 'unchanged';
  await putEvent(tx, id, data);
  return live ? 'updated' : 'created';
}
