import { useLiveQuery } from 'dexie-react-hooks';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { LocalRow } from '../../../db/database';
import { useDb } from '../../../db/session';
import type { CustomFrequency, HabitItem } from '../logic/types';

/** The habits section colour (styles.css --color-section-habits). */
export const HABITS_CATEGORY_COLOR = '#16A34A';

const FREQUENCIES = ['daily', 'weekly', 'monthly', 'custom'];
const TIMES = ['anytime', 'morning', 'afternoon', 'evening', 'custom'];
const STATUSES = ['complete', 'miss', 'skip'];
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function customOf(v: unknown): CustomFrequency | null {
  if (!v || typeof v !== 'object') return null;
  const c = v as Record<string, unknown>;
  if (c.type !== 'days' && c.type !== 'interval') return null;
  return {
    type: c.type,
    days: Array.isArray(c.days) ? c.days.filter((d): d is number => Number.isInteger(d)) : undefined,
    interval: typeof c.interval === 'number' ? c.interval : undefined,
  };
}

/** A stored row as a habit; fields a newer or older client left out get the spec's defaults. */
export function toHabitItem(row: LocalRow, marks: ReadonlyMap<string, HabitDayStatus>): HabitItem {
  const d = row.data;
  return {
    id: row.id,
    title: str(d.title),
    description: str(d.description),
    icon: str(d.icon, 'mdi-check-circle') || 'mdi-check-circle',
    // SPEC section 3: a habit without a colour falls back to the habits category colour.
    color: str(d.color) || HABITS_CATEGORY_COLOR,
    frequency: (FREQUENCIES.includes(d.frequency as string) ? d.frequency : 'daily') as HabitItem['frequency'],
    customFrequency: customOf(d.customFrequency),
    startDate: str(d.startDate, row.createdAt.slice(0, 10)),
    timeOfDay: (TIMES.includes(d.timeOfDay as string) ? d.timeOfDay : 'anytime') as HabitItem['timeOfDay'],
    customTime: typeof d.customTime === 'string' ? d.customTime : null,
    priority: d.priority === 'low' || d.priority === 'high' ? d.priority : 'medium',
    category: str(d.category),
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [],
    isActive: d.isActive !== false,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    marks,
  };
}

/** Marked days by habit id, from the live `habitDay` rows. */
export function marksByHabit(rows: LocalRow[]): Map<string, Map<string, HabitDayStatus>> {
  const out = new Map<string, Map<string, HabitDayStatus>>();
  for (const r of rows) {
    if (r.deleted) continue;
    const habit = r.parentId ?? str(r.data.habit);
    const status = r.data.status;
    if (!habit || typeof status !== 'string' || !STATUSES.includes(status)) continue;
    let m = out.get(habit);
    if (!m) out.set(habit, (m = new Map()));
    m.set(str(r.data.date), status as HabitDayStatus);
  }
  return out;
}

const NO_MARKS: ReadonlyMap<string, HabitDayStatus> = new Map();

function sameMarks(a: ReadonlyMap<string, HabitDayStatus>, b: ReadonlyMap<string, HabitDayStatus>): boolean {
  if (a.size !== b.size) return false;
  for (const [date, status] of a) if (b.get(date) !== status) return false;
  return true;
}

/** The last items built per database: an unchanged habit keeps its object, so its row does not re-render. */
const itemCache = new WeakMap<object, Map<string, { stamp: string; item: HabitItem }>>();

/**
 * Every live habit with its marked days, straight from the local database and kept current by a live query
 * (the spec's 10-second auto-refresh becomes this). undefined until the first read. Whole tables are read
 * (cheaper for Dexie's change tracking than an index range over thousands of keys), and habits whose row
 * and days did not change keep the same object.
 */
export function useHabits(): HabitItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const [rows, days] = await Promise.all([db.habits.toArray(), db.habitDays.toArray()]);
    const marks = marksByHabit(days);
    let cache = itemCache.get(db);
    if (!cache) itemCache.set(db, (cache = new Map()));
    const next = new Map<string, { stamp: string; item: HabitItem }>();
    const items: HabitItem[] = [];
    for (const r of rows) {
      if (r.deleted) continue;
      const m = marks.get(r.id) ?? NO_MARKS;
      const stamp = `${r.updatedAt}|${r.version}`;
      const old = cache.get(r.id);
      const item = old && old.stamp === stamp && sameMarks(old.item.marks, m) ? old.item : toHabitItem(r, m);
      next.set(r.id, { stamp, item });
      items.push(item);
    }
    itemCache.set(db, next);
    return items;
  }, [db]);
}
