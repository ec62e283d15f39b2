import { z } from 'zod/mini';
import { createArgs, idArgs, patchArgs, withId } from '../sync/args.js';
import { defineMutator, definedFields, lazyModule, MutationError } from '../sync/mutator.js';
import { idSchema } from '../validation/fields.js';
import { eventCreateSchema, eventFields, eventPatchSchema, isReadOnlyEvent, LOCAL_SOURCE_FIELDS, occurrenceKeySchema, withEventDefaults, type EventData } from './schema.js';
import { assertEventRules, normaliseEvent, putEvent, writableEvent } from './store.js';

/**
 * The event mutations (contract "Mutations"). Every one refuses a read-only event (`readonly`, or from Google)
 * with FORBIDDEN, and refuses a result that breaks the event rules (eventRuleErrors) with VALIDATION naming the
 * fields. Overrides (one changed occurrence of a series) are events with `seriesId`/`originalStart`, children of
 * their series by `seriesId` (PARENT_FIELD).
 */

/** A new local event. EXISTS for a taken id; an override's series must be a live, writable event. */
export const eventCreate = defineMutator(createArgs(eventCreateSchema), (a) => [['event', a.id], ['event', a.seriesId]], async (tx, { id, ...fields }) => {
  if (await tx.get('event', id)) throw new MutationError('EXISTS', 'An event with this id already exists');
  const data: EventData = { ...fields, ...LOCAL_SOURCE_FIELDS };
  assertEventRules(normaliseEvent(data));
  if (fields.seriesId) await writableEvent(tx, fields.seriesId);
  await putEvent(tx, id, data);
});

/** Patch fields a client may change: the override links are set by editOccurrence only. */
const clientPatch = <P extends object>(patch: P) => {
  const { seriesId: _s, originalStart: _o, ...rest } = definedFields(patch) as P & { seriesId?: unknown; originalStart?: unknown };
  return rest;
};

/** A partial update of the event itself (for a series: the whole series). */
export const eventUpdate = defineMutator(patchArgs(eventPatchSchema), (a) => [['event', a.id]], async (tx, { id, ...patch }) => {
  const row = await writableEvent(tx, id);
  await putEvent(tx, id, { ...row.data, ...clientPatch(patch) });
});

/** Drag and resize: the event's new dates, times and all-day flag. */
const moveArgs = z.object({
  ...withId,
  startDate: eventFields.startDate,
  endDate: z._default(eventFields.endDate, null),
  startTime: z._default(eventFields.startTime, null),
  endTime: z._default(eventFields.endTime, null),
  allDay: eventFields.allDay,
});

export const eventMove = defineMutator(moveArgs, (a) => [['event', a.id]], async (tx, { id, ...when }) => {
  const row = await writableEvent(tx, id);
  await putEvent(tx, id, { ...row.data, ...when });
});

/**
 * Delete an event. A series takes its overrides with it; deleting an override keeps its occurrence deleted
 * (an exdate on the series) instead of bringing the original occurrence back.
 */
export const eventDelete = defineMutator(idArgs, (a) => [['event', a.id]], async (tx, { id }) => {
  const row = await writableEvent(tx, id);
  const { seriesId, originalStart } = row.data;
  if (seriesId && originalStart) {
    const series = await tx.get<EventData>('event', seriesId);
    if (series && !series.deleted && !isReadOnlyEvent(withEventDefaults(series.data))) {
      const data = withEventDefaults(series.data);
      if (!data.exdates.includes(originalStart)) await tx.put('event', seriesId, { ...data, exdates: [...data.exdates, originalStart] });
    }
  }
  for (const child of await tx.children('event', id)) await tx.remove('event', child.id);
  await tx.remove('event', id);
});

const scopeSchema = z.enum(['this', 'following', 'all'], 'validation.invalid');
export type OccurrenceScope = z.infer<typeof scopeSchema>;

/**
 * Edit one occurrence of a series (`id`, `originalStart`): 'this' writes an override event (`newId`; an existing
 * override of that occurrence is updated instead), 'following' ends the series before the occurrence and starts a
 * new series `newId` from it with the changes, 'all' changes the series (a moved occurrence moves every one).
 */
const editOccurrenceArgs = z.object({
  ...withId,
  originalStart: occurrenceKeySchema,
  scope: scopeSchema,
  fields: eventPatchSchema,
  newId: z.optional(idSchema),
});

/**
 * The series arithmetic of occurrence edits (series, months, days, zones: ~4 KiB gzip) is loaded on first use:
 * the client's start-up JS carries every mutator, and these two are rare.
 */
const occurrences = lazyModule(() => import('./occurrences.js'));
const preload = { preload: occurrences.load };

export const eventEditOccurrence = defineMutator(
  editOccurrenceArgs,
  (a) => [['event', a.id], ['event', a.newId]],
  async (tx, { id, originalStart, scope, fields, newId }) =>
    (occurrences.loaded ?? (await occurrences.load())).editOccurrence(tx, { id, originalStart, scope, patch: clientPatch(fields), newId }),
  preload,
);

/** Delete one occurrence ('this': an exdate), it and the following ones (the series ends before it), or all. */
const deleteOccurrenceArgs = z.object({ ...withId, originalStart: occurrenceKeySchema, scope: scopeSchema });

export const eventDeleteOccurrence = defineMutator(
  deleteOccurrenceArgs,
  (a) => [['event', a.id]],
  async (tx, args) => (occurrences.loaded ?? (await occurrences.load())).deleteOccurrence(tx, args),
  preload,
);

export const eventMutators = {
  'event.create': eventCreate,
  'event.update': eventUpdate,
  'event.move': eventMove,
  'event.delete': eventDelete,
  'event.editOccurrence': eventEditOccurrence,
  'event.deleteOccurrence': eventDeleteOccurrence,
};
