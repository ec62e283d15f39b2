import { createArgs, idArgs, patchArgs } from '../sync/args.js';
import { defineMutator, definedFields, MutationError, type MutationTx, type RowRef } from '../sync/mutator.js';
import { todayInZone } from '../time.js';
import { messageFor } from '../validation/messages.js';
import { habitRuleErrors } from './rules.js';
import { isScheduledOn } from './schedule.js';
import { habitCreateBaseSchema, habitDayId, habitDaySchema, habitPatchSchema, type HabitData, type HabitDayData, type HabitDayInput } from './schema.js';


/** The zone furthest ahead of UTC (UTC+14): no user anywhere has a later "today". */
const EARLIEST_ZONE_AHEAD = 'Etc/GMT-14';

async function liveHabit(tx: MutationTx, id: string) {
  const row = await tx.get<HabitData>('habit', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Habit not found');
  return row;
}

function assertRules(data: Partial<HabitData>) {
  const errors = habitRuleErrors(data);
  const details = Object.entries(errors).map(([field, key]) => ({ field, key, message: messageFor(key) }));
  // The message is the first broken rule's SPEC section 5 text; `details` names every field.
  if (details.length > 0) throw new MutationError('VALIDATION', details[0]!.message, details);
}

/** A new habit. `startDate` defaults to today; REST and the client pass today in the user's zone. */
const habitCreateArgs = createArgs(habitCreateBaseSchema);

export const habitCreate = defineMutator(habitCreateArgs, (a) => [['habit', a.id]], async (tx, { id, ...fields }) => {
  if (await tx.get('habit', id)) throw new MutationError('EXISTS', 'A habit with this id already exists');
  const data: HabitData = { ...fields, startDate: fields.startDate ?? tx.now.slice(0, 10) };
  assertRules(data);
  await tx.put('habit', id, { ...data });
});

/** A partial update: only the fields present change; the result must still satisfy the habit rules. */
export const habitUpdate = defineMutator(patchArgs(habitPatchSchema), (a) => [['habit', a.id]], async (tx, { id, ...patch }) => {
  const row = await liveHabit(tx, id);
  const changes = definedFields(patch);
  const data = { ...row.data, ...changes };
  assertRules(data);
  await tx.put('habit', id, data);
});

/** Tombstones the habit and every marked day of it in the same transaction. */
export const habitDelete = defineMutator(idArgs, (a) => [['habit', a.id]], async (tx, { id }) => {
  await liveHabit(tx, id);
  for (const day of await tx.children('habitDay', id)) await tx.remove('habitDay', day.id);
  await tx.remove('habit', id);
});

/** Kept here too for the importers of the mutators; the REST day fields it bounds are in schema.ts. */
export { MAX_HISTORY_PER_WRITE } from './schema.js';

export const DAY_ERRORS = {
  future: 'habits.futureDate',
  notScheduled: 'habits.notScheduled',
} as const;

/**
 * Set one day of a habit to an absolute status (design/sync.md §6): `complete`, `miss` or `skip` write the
 * day's row, `empty` tombstones it. Different days are different rows, so edits from two devices merge;
 * the same day resolves to the last arrival. A day in the future (anywhere on Earth; REST checks the user's
 * zone first) or a day the habit is not scheduled on is refused.
 */
const dayReads = (a: HabitDayInput): RowRef[] => [['habit', a.habitId], ['habitDay', habitDayId(a.habitId, a.date)]];

export const habitSetDay = defineMutator(habitDaySchema, dayReads, async (tx, { habitId, date, status }) => {
  const habit = await liveHabit(tx, habitId);
  if (date > todayInZone(new Date(tx.now), EARLIEST_ZONE_AHEAD)) {
    throw new MutationError('VALIDATION', 'A future date cannot be marked', [
      { field: 'date', key: DAY_ERRORS.future, message: 'A future date cannot be marked' },
    ]);
  }
  if (!isScheduledOn(habit.data, date)) {
    throw new MutationError('VALIDATION', 'The habit is not scheduled on this date', [
      { field: 'date', key: DAY_ERRORS.notScheduled, message: 'The habit is not scheduled on this date' },
    ]);
  }
  const id = habitDayId(habitId, date);
  if (status === 'empty') {
    await tx.remove('habitDay', id);
    return;
  }
  const data: HabitDayData = { habit: habitId, date, status };
  await tx.put('habitDay', id, { ...data });
});

export const habitMutators = {
  'habit.create': habitCreate,
  'habit.update': habitUpdate,
  'habit.delete': habitDelete,
  'habit.setDay': habitSetDay,
};
