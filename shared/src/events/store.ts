import { MutationError, type MutationTx, type StoredRow } from '../sync/mutator.js';
import { messageFor } from '../validation/messages.js';
import { eventRuleErrors, isReadOnlyEvent, READ_ONLY_MESSAGE, withEventDefaults, type EventData } from './schema.js';

/** The reads and the one write of the event mutations (mutators.ts, occurrences.ts) and of server-only writes. */

export const EVENT_NOT_FOUND = 'Event not found';

/** The live event with every field present; NOT_FOUND otherwise. */
export async function liveEvent(tx: MutationTx, id: string): Promise<StoredRow<EventData>> {
  const row = await tx.get<EventData>('event', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', EVENT_NOT_FOUND);
  return { ...row, data: withEventDefaults(row.data) };
}

/** The live event, refused FORBIDDEN when it is read-only. */
export async function writableEvent(tx: MutationTx, id: string): Promise<StoredRow<EventData>> {
  const row = await liveEvent(tx, id);
  if (isReadOnlyEvent(row.data)) throw new MutationError('FORBIDDEN', READ_ONLY_MESSAGE);
  return row;
}

/** An all-day event has no times. */
export const normaliseEvent = (data: EventData): EventData => (data.allDay ? { ...data, startTime: null, endTime: null } : data);

/** Refuse an event that breaks the rules: VALIDATION, the first broken rule's text, every field in `details`. */
export function assertEventRules(data: EventData): void {
  const details = Object.entries(eventRuleErrors(data)).map(([field, key]) => ({ field, key, message: messageFor(key) }));
  if (details.length > 0) throw new MutationError('VALIDATION', details[0]!.message, details);
}

/** Check and write an event (normalised): the one way every event mutation stores a row. */
export async function putEvent(tx: MutationTx, id: string, data: EventData): Promise<void> {
  const event = normaliseEvent(data);
  assertEventRules(event);
  await tx.put('event', id, { ...event });
}

