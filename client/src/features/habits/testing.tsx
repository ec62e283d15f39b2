import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { todayInZone } from '@adhd/shared/time';
import type { ReactElement } from 'react';
import type { AppDatabase } from '../../db/database';
import { mutate } from '../../db/mutate';
import { deleteUserDb, openUserDb } from '../../db/session';

/** Test helpers for the habits feature: English i18n, a fresh user database per test, seeding through mutations. */
let seq = 0;

export async function setupHabitsTest(): Promise<{ db: AppDatabase; cleanup(): Promise<void> }> {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const userId = `test-user-habits-${Date.now()}-${++seq}`;
  const db = openUserDb(userId);
  await db.open();
  return { db, cleanup: () => deleteUserDb(userId) };
}

export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

export function seedHabit(db: AppDatabase, id: string, fields: Record<string, unknown> = {}) {
  return mutate(db, 'habit.create', { id, title: `Habit ${id}`, ...fields });
}

/** Today in the zone the screens use when no user is signed in (the runtime's). */
export function localToday(): string {
  return todayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** The stored status of a habit's day ('empty' when there is no live row). */
export async function dayStatus(db: AppDatabase, habitId: string, date: string): Promise<string> {
  const rows = await db.habitDays.where('parentId').equals(habitId).toArray();
  const row = rows.find((r) => r.deleted === 0 && r.data.date === date);
  return row ? String(row.data.status) : 'empty';
}

/** jsdom lacks what Radix Select and Checkbox call; harmless stand-ins for component tests. */
export function installDomStandIns(): void {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  const g = globalThis as unknown as Record<string, unknown>;
  g.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
