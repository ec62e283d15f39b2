import type { AppDatabase } from '../../db/database';

/** Habits-only test helpers; the rest (i18n, a user database, seeding) is in src/test/kit.tsx. */

/** The stored status of a habit's day ('empty' when there is no live row). */
export async function dayStatus(db: AppDatabase, habitId: string, date: string): Promise<string> {
  const rows = await db.habitDays.where('parentId').equals(habitId).toArray();
  const row = rows.find((r) => r.deleted === 0 && r.data.date === date);
  return row ? String(row.data.status) : 'empty';
}
