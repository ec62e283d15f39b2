import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { todayInZone } from '@adhd/shared/time';
import type { ReactElement } from 'react';
import type { AppDatabase } from '../../db/database';
import type { TaskItem } from './logic/types';
import { mutate } from '../../db/mutate';
import { deleteUserDb, openUserDb } from '../../db/session';

/** Test helpers for the tasks feature: English i18n, a fresh user database per test, seeding through mutations. */
let seq = 0;

export async function setupTasksTest(): Promise<{ db: AppDatabase; cleanup(): Promise<void> }> {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const userId = `test-user-tasks-${Date.now()}-${++seq}`;
  const db = openUserDb(userId);
  await db.open();
  return { db, cleanup: () => deleteUserDb(userId) };
}

export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** A task as the screens see it, with the spec's defaults and `patch` on top (for tests of pure logic and components). */
export function taskItem(id: string, patch: Partial<TaskItem> = {}): TaskItem {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    completed: false,
    startDate: null,
    dueDate: null,
    time: null,
    priority: 'medium',
    tags: [],
    parent: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...patch,
  };
}

export function seedTask(db: AppDatabase, id: string, fields: Record<string, unknown> = {}) {
  return mutate(db, 'task.create', { id, title: `Task ${id}`, ...fields });
}

/** Today in the zone the screens use when no user is signed in (the runtime's). */
export function localToday(): string {
  return todayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

export async function titlesByParent(db: AppDatabase): Promise<Record<string, string | null>> {
  const rows = await db.tasks.where('deleted').equals(0).toArray();
  return Object.fromEntries(rows.map((r) => [String(r.data.title), r.parentId]));
}
