import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { AppDatabase, LocalRow } from '../../../db/database';
import { decoders, type EntityRow } from '../../../db/entity-rows';
import { LiveJoin } from '../../../db/live-join';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';
import type { HabitItem } from '../logic/types';

export { HABITS_CATEGORY_COLOR } from '../../../db/entity-rows';

type HabitRow = EntityRow<'habit'>;
type DayRow = EntityRow<'habitDay'>;

const NO_MARKS: ReadonlyMap<string, HabitDayStatus> = new Map<string, HabitDayStatus>();

function withMarks(row: HabitRow, days: ReadonlyMap<string, DayRow> | null): HabitItem {
  if (days === null) return { ...row, startDate: row.startDate ?? row.createdAt.slice(0, 10), marks: NO_MARKS, daysLoading: true };
  const marks = days.size === 0 ? NO_MARKS : new Map([...days.values()].map((d) => [d.date, d.status]));
  return { ...row, startDate: row.startDate ?? row.createdAt.slice(0, 10), marks };
}

/** A stored row as a habit with `marks`; null when the habit schema refuses the row. */
export function toHabitItem(row: LocalRow, marks: ReadonlyMap<string, HabitDayStatus>): HabitItem | null {
  const habit = decoders.habit(row);
  return habit && { ...withMarks(habit, new Map()), marks };
}

const views = new WeakMap<AppDatabase, LiveJoin<HabitRow, DayRow, HabitItem>>();

/**
 * The live habits of `db` with their marked days (made on first use). After a day click only that day's row
 * is read back, and only its habit gets a new object, so one row re-renders instead of the whole list.
 */
export function liveHabits(db: AppDatabase): LiveJoin<HabitRow, DayRow, HabitItem> {
  let view = views.get(db);
  if (!view) {
    const days = liveEntity(db, 'habitDay');
    view = new LiveJoin(liveEntity(db, 'habit'), days, days.index((d) => d.habit), (h) => h.id, withMarks);
    views.set(db, view);
  }
  return view;
}

/**
 * Every live habit with its marked days, straight from the local database and kept current by the live
 * tables (the spec's 10-second auto-refresh becomes this). undefined until the first read. Habits whose row
 * and days did not change keep the same object, so their rows do not re-render.
 */
export function useHabits(): HabitItem[] | undefined {
  const db = useDb();
  return useLive(db ? liveHabits(db) : null);
}
