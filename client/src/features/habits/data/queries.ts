import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { LocalRow } from '../../../db/database';
import { useSyncExternalStore } from 'react';
import { useDb } from '../../../db/session';
import { habitCacheFor } from './habit-cache';
import type { CustomFrequency, HabitItem } from '../logic/types';

/** The habits section colour (styles.css --color-section-habits). */
export const HABITS_CATEGORY_COLOR = '#16A34A';

const FREQUENCIES = ['daily', 'weekly', 'monthly', 'custom'];
const TIMES = ['anytime', 'morning', 'afternoon', 'evening', 'custom'];
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

/**
 * Every live habit with its marked days, straight from the local database and kept current by an in-memory
 * cache patched row by row (the spec's 10-second auto-refresh becomes this). undefined until the first read.
 * Habits whose row and days did not change keep the same object, so their rows do not re-render.
 */
export function useHabits(): HabitItem[] | undefined {
  const db = useDb();
  const cache = db ? habitCacheFor(db, toHabitItem) : null;
  return useSyncExternalStore(cache?.subscribe ?? noSubscribe, cache?.get ?? noSnapshot);
}

const noSubscribe = () => () => undefined;
const noSnapshot = () => undefined;
