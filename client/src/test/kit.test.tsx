import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database';
import { currentDb } from '../db/session';
import { eachTestDb, seed } from './kit';

/** The one client test kit: a fresh database per test, seeding through `mutate`, and no copies of it elsewhere. */
describe('the client test kit', () => {
  const seen: AppDatabase[] = [];
  let db: AppDatabase;
  eachTestDb((opened) => {
    db = opened;
    seen.push(opened);
  });

  it('seeds every entity through its create mutation, with defaults the test can override', async () => {
    await seed(db, 'tag', 'work', { name: 'Work' });
    await seed(db, 'folder', 'f', { name: 'Projects' });
    await seed(db, 'note', 'n', { folder: 'f' });
    await seed(db, 'task', 't', { tags: ['work'] });
    await seed(db, 'habit', 'h');
    const data = async (table: 'tags' | 'folders' | 'notes' | 'tasks' | 'habits', id: string) => (await db.table(table).get(id))?.data;
    expect(await data('tags', 'work')).toMatchObject({ name: 'Work', color: '#4285F4', description: '' });
    expect(await data('folders', 'f')).toMatchObject({ name: 'Projects', parentFolder: null });
    expect(await data('notes', 'n')).toMatchObject({ title: 'Note n', content: 'Body', folder: 'f' });
    expect(await data('tasks', 't')).toMatchObject({ title: 'Task t', tags: ['work'] });
    expect(await data('habits', 'h')).toMatchObject({ title: 'Habit h' });
    // The real local write: each seed is one outbox entry, as a user's change would be.
    expect((await db._outbox.toArray()).map((m) => m.name)).toEqual(['tag.create', 'folder.create', 'note.create', 'task.create', 'habit.create']);
  });

  it('gives each test a new, empty database of a new user, which is the signed-in one', async () => {
    expect(seen).toHaveLength(2);
    expect(seen[0]!.name).not.toBe(seen[1]!.name);
    expect(currentDb()).toBe(db);
    expect(await db._outbox.count()).toBe(0);
  });
});

/** Test set-up that belongs in the kit: rendering inside Lingui, English activation, a user database per test. */
const COPIES = [
  /function renderWithI18n\b/,
  /function withI18n\b/,
  /<I18nProvider\b/,
  /loadAndActivate\(\{ locale: 'en', messages: \{\} \}\)/,
  /function setup\w+Test\b/,
  /function seed(Task|Habit|Note|Folder|Tag)\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('client test set-up', () => {
  it('lives only in the kit: no test or helper file keeps its own copy', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const kit = path.join(src, 'test', 'kit.tsx');
    const testFiles = sources(src).filter((f) => f !== kit && f !== import.meta.filename && /(\.test\.tsx?|testing\.tsx?|test-utils\.tsx?)$/.test(f));
    expect(testFiles.length).toBeGreaterThan(20);
    const copies = testFiles.flatMap((f) => COPIES.filter((re) => re.test(readFileSync(f, 'utf8'))).map((re) => `${path.relative(src, f)}: ${re.source}`));
    expect(copies).toEqual([]);
  });
});
