import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { todayInZone } from '@adhd/shared/time';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { AppDatabase } from '../db/database';
import { mutate } from '../db/mutate';
import { deleteUserDb, openUserDb } from '../db/session';

/**
 * The client test kit: English i18n, rendering inside Lingui, a fresh fake-indexeddb database per test for a
 * new user (the one the screens read through `useDb()`), and seeding rows of any entity through the real
 * `mutate`, so a test's data takes the same path as a user's.
 */

/** English with an empty catalog: the macros fall back to their English source text. */
export function activateEnglish(): void {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}

/** Lingui's provider on the shared `i18n` instance. */
export function WithI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function withI18n(ui: ReactNode): ReactElement {
  return <WithI18n>{ui}</WithI18n>;
}

export function renderWithI18n(ui: ReactElement) {
  return render(withI18n(ui));
}

/** jsdom lacks what Radix Select, Popover and Checkbox call; harmless stand-ins for component tests. */
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

export interface ClientTest {
  db: AppDatabase;
  userId: string;
  /** Deletes the user's database (call it in `afterEach`). */
  cleanup(): Promise<void>;
}

let seq = 0;

/** English, optionally the jsdom stand-ins, and a new user's open local database (the signed-in one). */
export async function setupClientTest(options: { domStandIns?: boolean } = {}): Promise<ClientTest> {
  activateEnglish();
  if (options.domStandIns) installDomStandIns();
  const userId = `test-user-${Date.now()}-${++seq}`;
  const db = openUserDb(userId);
  await db.open();
  return { db, userId, cleanup: () => deleteUserDb(userId) };
}

/** A fresh user database before each test (of the file or `describe` it is called in), deleted after it. */
export function eachTestDb(onOpen: (db: AppDatabase) => void, options: { domStandIns?: boolean } = {}): void {
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const test = await setupClientTest(options);
    cleanup = test.cleanup;
    onOpen(test.db);
  });
  afterEach(async () => {
    await cleanup?.();
  });
}

/** Today in the zone the screens use when no user is signed in (the runtime's). */
export function localToday(): string {
  return todayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** What a seeded row gets unless the test says otherwise. */
const DEFAULTS = {
  task: (id: string) => ({ title: `Task ${id}` }),
  habit: (id: string) => ({ title: `Habit ${id}` }),
  note: (id: string) => ({ title: `Note ${id}`, content: 'Body' }),
  folder: (id: string) => ({ name: `Folder ${id}`, parentFolder: null }),
  tag: (id: string) => ({ name: `Tag ${id}`, color: '#4285F4', description: '' }),
} satisfies Record<string, (id: string) => Record<string, unknown>>;

export type SeedEntity = keyof typeof DEFAULTS;

/** Creates a row of `entity` through its `<entity>.create` mutation, as the app would: defaults, then `fields`. */
export function seed(db: AppDatabase, entity: SeedEntity, id: string, fields: Record<string, unknown> = {}) {
  return mutate(db, `${entity}.create`, { id, ...DEFAULTS[entity](id), ...fields });
}
