import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { EntityRow } from '../../../db/entity-rows';

type HabitRow = EntityRow<'habit'>;

export type HabitFrequency = HabitRow['frequency'];
export type TimeOfDay = HabitRow['timeOfDay'];
export type CustomFrequency = NonNullable<HabitRow['customFrequency']>;

/** A live habit as the screens see it: the row as the shared habit schema outputs it, with its marked days. */
export type HabitItem = Omit<HabitRow, 'startDate'> & {
  /** The row's, else the day it was created. */
  startDate: string;
  /** Marked days (complete, miss, skip) by `YYYY-MM-DD`; unmarked days are empty. */
  marks: ReadonlyMap<string, HabitDayStatus>;
  /** True while the habit's days are still being read (the first read of a session): strip and streaks wait. */
  daysLoading?: boolean;
};
