import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { mutate } from '../../db/mutate';
import { deleteUserDb, openUserDb } from '../../db/session';
import type { AppDatabase } from '../../db/database';

/** Test helpers for the tags feature: an English i18n, a fresh per-test user database, seeding through mutations. */
let seq = 0;

export async function setupTagsTest(): Promise<{ db: AppDatabase; cleanup(): Promise<void> }> {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const userId = `test-user-${Date.now()}-${++seq}`;
  const db = openUserDb(userId);
  await db.open();
  return { db, cleanup: () => deleteUserDb(userId) };
}

export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

export async function seedTag(db: AppDatabase, id: string, name: string, color = '#4285F4', description = '') {
  await mutate(db, 'tag.create', { id, name, color, description });
}

export async function seedTask(db: AppDatabase, id: string, tags: string[] = [], title = `Task ${id}`) {
  await mutate(db, 'task.create', { id, title, tags });
}
