import type { Habit, HabitData, HabitDayData } from '@adhd/shared/habits/schema';
import { deriveHabit } from '@adhd/shared/habits/view';
import { findChildren, findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';

/**
 * Reads of habits as the API answers them. Days live in their own `habitDay` rows (parent link `habit`);
 * `completionHistory`, `completedToday` and the streaks are assembled from them on read, for `today` in the
 * user's zone.
 */

type Mark = Pick<HabitDayData, 'date' | 'status'>;

function toHabit(row: ReadRow, marks: Mark[], today: string): Habit {
  const data = JSON.parse(row.data) as HabitData;
  return {
    _id: row.id,
    ...data,
    ...deriveHabit(data, marks, today),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

function marksByHabit(rows: { parent_id: string | null; data: string }[]): Map<string, Mark[]> {
  const out = new Map<string, Mark[]>();
  for (const r of rows) {
    if (!r.parent_id) continue;
    const d = JSON.parse(r.data) as HabitDayData;
    let list = out.get(r.parent_id);
    if (!list) out.set(r.parent_id, (list = []));
    list.push({ date: d.date, status: d.status });
  }
  return out;
}

export async function listHabits(db: Db, userId: string, today: string): Promise<Habit[]> {
  const [rows, days] = await Promise.all([listLive(db, userId, 'habit'), listLive(db, userId, 'habitDay')]);
  const marks = marksByHabit(days);
  return rows.map((r) => toHabit(r, marks.get(r.id) ?? [], today));
}

export async function getHabit(db: Db, userId: string, id: string, today: string): Promise<Habit | null> {
  const row = await findEntity(db, userId, 'habit', id);
  if (!row || row.deleted) return null;
  const days = await findChildren(db, userId, 'habitDay', [id]);
  return toHabit(row, marksByHabit(days).get(id) ?? [], today);
}
