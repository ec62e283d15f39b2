import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { isScheduledOn, isTimeYetAt, timeOfDayMinutes } from '@adhd/shared/habits/schedule';
import { computeStreaks } from '@adhd/shared/habits/streaks';
import { addDays, calendarDateOf, daysBetween } from '@adhd/shared/time';
import type { HabitItem } from '../../habits';
import type { NoteItem } from '../../notes';
import type { TaskItem } from '../../tasks';

/**
 * The dashboard's pure selections over the live rows (docs/dashboard.md). Each runs over rows already in memory
 * (the live tables) and is cached per rows array, so a return to the dashboard re-uses the last answer.
 */

export type ActualKind = 'overdue' | 'today' | 'started';

export interface ActualTask {
  task: TaskItem;
  kind: ActualKind;
  /** Calendar dates in the user's zone. */
  start: string | null;
  due: string | null;
  overdueDays: number;
}

const FAR = '9999-12-31';
const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;
const KIND_RANK: Record<ActualKind, number> = { overdue: 0, today: 1, started: 2 };

/**
 * The calendar date of a stored date, or FAR when it surely lies after `dayAfter` (today + 1): a date-time's date
 * in any zone is at most one day after its UTC date, so most future dates are dropped on a string compare, with no
 * time-zone formatting (10k tasks: a few milliseconds).
 */
function dayOf(value: string | null, dayAfter: string, timeZone: string): string | null {
  if (!value) return null;
  // A stored plain date is already a checked `YYYY-MM-DD` (the task schema's output).
  if (value.length === 10) return value;
  if (value.slice(0, 10) > dayAfter) return FAR;
  return calendarDateOf(value, timeZone);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order of the list, for a candidate given by its parts (`start`/`due` as `dayOf` gave them) against a row `b`. */
function compareTo(kind: ActualKind, start: string | null, due: string | null, task: TaskItem, b: ActualTask): number {
  // The compared date is never FAR: a started task's start is on or before today, an overdue or today one's due too.
  return (
    KIND_RANK[kind] - KIND_RANK[b.kind] ||
    (kind === 'started' ? cmp(start ?? '', b.start ?? '') : cmp(due ?? '', b.due ?? '')) ||
    cmp(task.time ?? '99:99', b.task.time ?? '99:99') ||
    PRIORITY_RANK[task.priority] - PRIORITY_RANK[b.task.priority] ||
    task.title.localeCompare(b.task.title) ||
    (task.id < b.task.id ? -1 : 1)
  );
}

const compareActual = (a: ActualTask, b: ActualTask): number => compareTo(a.kind, a.start, a.due, a.task, b);

/** The kind of `task` today, or null when it is not actual; `due` and `start` as `dayOf` gives them. */
function kindOf(task: TaskItem, due: string | null, start: string | null, today: string): ActualKind | null {
  if (due !== null && due < today) return 'overdue';
  if (due === today) return 'today';
  if (start !== null && start <= today) return 'started';
  return null;
}

function actualRow(task: TaskItem, kind: ActualKind, due: string | null, start: string | null, today: string, timeZone: string): ActualTask {
  return {
    task,
    kind,
    start: start === FAR ? calendarDateOf(task.startDate, timeZone) : start,
    due: due === FAR ? calendarDateOf(task.dueDate, timeZone) : due,
    overdueDays: kind === 'overdue' && !task.completed ? daysBetween(due!, today) : 0,
  };
}

/**
 * Tasks actual today (SPEC section 2): overdue (due before today) first, oldest first; then due today; then
 * started (start date on or before today) and not finished. Completed tasks are left out, except the ids in
 * `keep` (ticked on this screen: they stay in place, struck through, until the next visit).
 */
export function selectActualTasks(tasks: readonly TaskItem[], today: string, timeZone: string, keep: ReadonlySet<string> = NO_IDS): ActualTask[] {
  const out: ActualTask[] = [];
  forEachActual(tasks, today, timeZone, keep, (task, kind, due, start) => out.push(actualRow(task, kind, due, start, today, timeZone)));
  return out.sort(compareActual);
}

/** Calls `visit` for each task of the list `selectActualTasks` gives (in the tasks' order), with its kind and days. */
function forEachActual(
  tasks: readonly TaskItem[],
  today: string,
  timeZone: string,
  keep: ReadonlySet<string>,
  visit: (task: TaskItem, kind: ActualKind, due: string | null, start: string | null) => void,
) {
  const dayAfter = addDays(today, 1);
  for (const task of tasks) {
    if (task.completed && !keep.has(task.id)) continue;
    if (!task.dueDate && !task.startDate) continue;
    const due = dayOf(task.dueDate, dayAfter, timeZone);
    const start = dayOf(task.startDate, dayAfter, timeZone);
    const kind = kindOf(task, due, start, today);
    if (kind) visit(task, kind, due, start);
  }
}

/** What the dashboard's tasks section shows: the first rows of the list, and how many the whole list has. */
export interface ActualTop {
  /** The first `limit` rows of `selectActualTasks`' list, in its order. */
  rows: ActualTask[];
  /** Rows of the whole list that are not completed (the section's count). */
  open: number;
  /** Rows of the whole list ("Show all N in Tasks"). */
  total: number;
}

/**
 * The first `limit` rows of `selectActualTasks` and the whole list's counts, without building and sorting the
 * whole list: with 10k tasks thousands may be overdue, and their sort (a `localeCompare` per tie) was one
 * 40–150 ms task of the dashboard's first render. A candidate is compared with the last kept row only.
 */
export function selectActualTop(tasks: readonly TaskItem[], today: string, timeZone: string, keep: ReadonlySet<string>, limit: number): ActualTop {
  const rows: ActualTask[] = [];
  let open = 0;
  let total = 0;
  forEachActual(tasks, today, timeZone, keep, (task, kind, due, start) => {
    total++;
    if (!task.completed) open++;
    if (limit <= 0 || (rows.length === limit && compareTo(kind, start, due, task, rows[limit - 1]!) > 0)) return;
    const row = actualRow(task, kind, due, start, today, timeZone);
    let i = rows.length;
    while (i > 0 && compareActual(row, rows[i - 1]!) < 0) i--;
    rows.splice(i, 0, row);
    if (rows.length > limit) rows.pop();
  });
  return { rows, open, total };
}

/** No kept ids: one shared set, so a fresh dashboard (nothing ticked yet) hits the cache below. */
export const NO_IDS: ReadonlySet<string> = new Set();
const actualCache = new WeakMap<readonly TaskItem[], { key: string; keep: ReadonlySet<string>; value: ActualTop }>();

/** `selectActualTop`, cached per live tasks array (a visit that finds the same rows does no work). */
export function actualTasksCached(tasks: readonly TaskItem[], today: string, timeZone: string, keep: ReadonlySet<string>, limit: number): ActualTop {
  const key = `${today}|${timeZone}|${limit}`;
  const hit = actualCache.get(tasks);
  if (hit && hit.key === key && hit.keep === keep) return hit.value;
  const value = selectActualTop(tasks, today, timeZone, keep, limit);
  actualCache.set(tasks, { key, keep, value });
  return value;
}

export interface TodayHabit {
  habit: HabitItem;
  status: HabitDayStatus;
  /** Its time of day has not come yet ("time yet", SPEC section 4): shown dimmed as "Later". */
  later: boolean;
}

/** Active habits scheduled today, in time-of-day order (anytime, morning, afternoon, evening, custom by its time). */
export function selectTodayHabits(habits: readonly HabitItem[], today: string, minuteOfDay: number): TodayHabit[] {
  return habits
    .filter((h) => h.isActive !== false && isScheduledOn(h, today))
    .map((h) => ({ h, minutes: timeOfDayMinutes(h) }))
    .sort((a, b) => a.minutes - b.minutes || cmp(a.h.title, b.h.title) || cmp(a.h.id, b.h.id))
    .map(({ h }) => ({ habit: h, status: h.marks.get(today) ?? 'empty', later: !isTimeYetAt(h, minuteOfDay) }));
}

const streaks = new WeakMap<HabitItem, { today: string; value: number }>();

/** The current streak of a habit (computed on read, like the habits screen), cached per habit object and day; null while its days load. */
export function currentStreak(habit: HabitItem, today: string): number | null {
  if (habit.daysLoading) return null;
  const hit = streaks.get(habit);
  if (hit && hit.today === today) return hit.value;
  const value = computeStreaks(habit, Array.from(habit.marks, ([date, status]) => ({ date, status })), today).currentStreak;
  streaks.set(habit, { today, value });
  return value;
}

/** `compute(rows)` once per rows array and key: a return to the dashboard with unchanged rows does no work. */
function cachedBy<T, R>(cache: WeakMap<readonly T[], { key: string; value: R }>, rows: readonly T[], key: string, compute: () => R): R {
  const hit = cache.get(rows);
  if (hit && hit.key === key) return hit.value;
  const value = compute();
  cache.set(rows, { key, value });
  return value;
}

const habitsCache = new WeakMap<readonly HabitItem[], { key: string; value: TodayHabit[] }>();
export const todayHabitsCached = (habits: readonly HabitItem[], today: string, minuteOfDay: number): TodayHabit[] =>
  cachedBy(habitsCache, habits, `${today}|${minuteOfDay}`, () => selectTodayHabits(habits, today, minuteOfDay));

const notesCache = new WeakMap<readonly NoteItem[], { key: string; value: NoteItem[] }>();
export const pinnedNotesCached = (notes: readonly NoteItem[]): NoteItem[] => cachedBy(notesCache, notes, '', () => selectPinnedNotes(notes));

/** Pinned notes, most recently edited first. */
export function selectPinnedNotes(notes: readonly NoteItem[]): NoteItem[] {
  return notes.filter((n) => n.pinned).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** The days of the upcoming-events section: today and the six after it. */
export const UPCOMING_DAYS = 7;
