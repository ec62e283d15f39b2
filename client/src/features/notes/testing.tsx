import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppDatabase } from '../../db/database';
import { mutate } from '../../db/mutate';
import { deleteUserDb, openUserDb } from '../../db/session';

/** Test helpers for the notes and folders features: English i18n, a fresh user database, jsdom gaps filled. */
let seq = 0;

export async function setupNotesTest(): Promise<{ db: AppDatabase; cleanup(): Promise<void> }> {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  // Radix Select uses pointer capture and scrollIntoView, which jsdom lacks.
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  const userId = `test-user-notes-${Date.now()}-${++seq}`;
  const db = openUserDb(userId);
  await db.open();
  return { db, cleanup: () => deleteUserDb(userId) };
}

export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

export const seedNote = (db: AppDatabase, id: string, fields: Record<string, unknown> = {}) =>
  mutate(db, 'note.create', { id, title: `Note ${id}`, content: 'Body', ...fields });

export const seedFolder = (db: AppDatabase, id: string, name: string, parentFolder: string | null = null) =>
  mutate(db, 'folder.create', { id, name, parentFolder });
