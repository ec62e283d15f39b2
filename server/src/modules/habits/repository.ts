import type { Habit, HabitData, HabitDayData } from '@adhd/shared/habits/schema';
import { deriveHabit } from '@adhd/shared/habits/view';
import { toApi } from '../../lib/api-row.js';
import { findEntities, findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';

/**
 * Reads of habits as the API answers them. Days live in their own `habitDay` rows (parent link `habit`);
 * `completionHistory`, `completedToday` and the streaks are assembled from them on read, for `today` in the
 * user's zone.
 */

type Mark = Pick<HabitDayData, 'date' | 'status'>;

/**
 * A habit's `version` is the newest of its own row and its day rows (tombstones included): the version a copy
 * of the habit, days and all, was read at. A `PUT` names it as its base (docs/sync.md, "Conflict rules").
 */
function toHabit(row: ReadRow, marks: Mark[], today: string, daysVersion = 0): Habit {
  const data = JSON.parse(row.data) as HabitData;
  return toApi<HabitData, ReturnType<typeof deriveHabit>>(row, deriveHabit(data, marks, today), Math.max(Number(row.version), daysVersion));
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
  const [rows, days, versions] = await Promise.all([listLive(db, userId, 'habit'), listLive(db, userId, 'habitDay'), dayVersions(db, userId)]);
  const marks = marksByHabit(days);
  return rows.map((r) => toHabit(r, marks.get(r.id) ?? [], today, versions.get(r.id)));
}

export async function getHabit(db: Db, userId: string, id: string, today: string): Promise<Habit | null> {
  const row = await findEntity(db, userId, 'habit', id);
  if (!row || row.deleted) return null;
  const days = await findHabitDays(db, userId, id);
  const live = days.filter((d) => !d.deleted);
  return toHabit(row, marksByHabit(live.map((d) => ({ parent_id: id, data: d.data }))).get(id) ?? [], today, Math.max(0, ...days.map((d) => d.version)));
}

/** Every day row of a habit, tombstones (cleared days) included, with its date and version. */
export async function findHabitDays(db: Db, userId: string, habitId: string) {
  const rows = await db
    .selectFrom('entities')
    .select(['data', 'version', 'deleted'])
    .where('user_id', '=', userId)
    .where('type', '=', 'habitDay')
    .where('parent_id', '=', habitId)
    .execute();
  return rows.map((r) => ({ data: r.data, date: (JSON.parse(r.data) as HabitDayData).date, version: Number(r.version), deleted: r.deleted === 1 }));
}

/** The newest day-row version of each of the user's habits, tombstones included (one grouped index scan). */
async function dayVersions(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('entities')
    .select((eb) => ['parent_id', eb.fn.max('version').as('v')])
    .where('user_id', '=', userId)
    .where('type', '=', 'habitDay')
    .where('parent_id', 'is not', null)
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((r) => [r.parent_id!, Number(r.v)]));
}

/** The live habits among `ids` (in no particular order), each as `getHabit` answers it, their days read at once. */
export async function habitsByIds(db: Db, userId: string, ids: string[], today: string): Promise<Habit[]> {
  const rows = (await findEntities(db, userId, 'habit', ids)).filter((r) => !r.deleted);
  if (rows.length === 0) return [];
  const days = await db
    .selectFrom('entities')
    .select(['parent_id', 'data', 'version', 'deleted'])
    .where('user_id', '=', userId)
    .where('type', '=', 'habitDay')
    .where('parent_id', 'in', rows.map((r) => r.id))
    .execute();
  const marks = marksByHabit(days.filter((d) => !d.deleted));
  const versions = new Map<string, number>();
  for (const d of days) versions.set(d.parent_id!, Math.max(versions.get(d.parent_id!) ?? 0, Number(d.version)));
  return rows.map((r) => toHabit(r, marks.get(r.id) ?? [], today, versions.get(r.id)));
}
