import { afterEach, describe, expect, it, vi } from 'vitest';
import { textsOfBuckets } from './buckets';
import { AppDatabase, type LocalRow } from './database';
import type { EntityRow } from './entity-rows';
import { ENTITY_SPECS } from './live-entities';
import { LiveTable } from './live-table';
import { mutate } from './mutate';

/** The generic live table, on the tasks table as the tasks screen reads it (the start-up read included). */
let db: AppDatabase;
let cache: LiveTable<EntityRow<'task'>>;
const newCache = (d: AppDatabase) => new LiveTable(d, ENTITY_SPECS.task);
const items = () => cache.get()?.items;
afterEach(async () => {
  cache?.dispose();
  await db?.delete();
});

const titles = () => (items() ?? []).map((t) => t.title).sort();

describe('LiveTable (tasks)', () => {
  it('loads the live tasks, then patches only the rows that changed', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    await mutate(db, 'task.create', { id: 'b', title: 'B' });
    cache = newCache(db);
    await cache.settled();
    expect(titles()).toEqual(['A', 'B']);
    const before = items()!;
    const untouched = before.find((t) => t.id === 'b');

    const bulkGet = vi.spyOn(db.tasks, 'bulkGet');
    const listener = vi.fn();
    cache.subscribe(listener);
    await mutate(db, 'task.update', { id: 'a', title: 'A2', completed: true });
    await vi.waitFor(() => expect(titles()).toEqual(['A2', 'B']));
    expect(bulkGet).toHaveBeenCalledWith(['a']);
    expect(listener).toHaveBeenCalled();
    // The unchanged task keeps its object, so memoised rows do not render again.
    expect(items()!.find((t) => t.id === 'b')).toBe(untouched);
  });

  it('drops deleted tasks and their subtasks, and brings restored ones back', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    cache = newCache(db);
    await mutate(db, 'task.create', { id: 'p', title: 'Parent' });
    await mutate(db, 'task.create', { id: 'c', title: 'Child', parent: 'p' });
    await vi.waitFor(() => expect(titles()).toEqual(['Child', 'Parent']));
    await mutate(db, 'task.delete', { id: 'p' });
    await vi.waitFor(() => expect(titles()).toEqual([]));
    await mutate(db, 'task.restore', { id: 'p' });
    await vi.waitFor(() => expect(titles()).toEqual(['Parent']));
  });

  it('reads everything again after a table clear (a sync reset)', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'x', title: 'X' });
    cache = newCache(db);
    await cache.settled();
    await db.tasks.clear();
    await vi.waitFor(() => expect(titles()).toEqual([]));
    const now = new Date().toISOString();
    await db.tasks.bulkPut([{ id: 'y', data: { title: 'Y' }, deleted: 0, createdAt: now, updatedAt: now, version: 3, parentId: null }]);
    await vi.waitFor(() => expect(titles()).toEqual(['Y']));
  });

  it('patches from the rows of a pull page of this tab without reading the table back', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'local', title: 'Local' });
    // As if that write had synced: nothing pending, no server copy kept for a rebase.
    await Promise.all([db._outbox.clear(), db._base.clear()]);
    cache = newCache(db);
    await cache.settled();
    const toArray = vi.spyOn(db.tasks, 'toArray');
    const bulkGet = vi.spyOn(db.tasks, 'bulkGet');
    const now = new Date().toISOString();
    const changes = Array.from({ length: 120 }, (_, i) => ({
      entity: 'task' as const,
      id: `t${i}`,
      version: i + 1,
      deleted: false,
      data: { title: `Pulled ${i}`, createdAt: now, updatedAt: now },
    }));
    changes.push({ entity: 'task', id: 'local', version: 200, deleted: true, data: undefined as never });
    const page = { changes, cursor: 200, hasMore: false, lastMutationId: 0, reset: false };
    const { applyPullPage } = await import('./apply-pull');
    expect(await applyPullPage(db, page as never, 0)).toEqual({ applied: true, cursor: 200 });
    await vi.waitFor(() => expect(items()).toHaveLength(120));
    expect(titles()).toContain('Pulled 119');
    expect(titles()).not.toContain('Local');
    // 120 rows is a "whole table" change for Dexie; the cache took the rows from memory instead.
    await cache.settled();
    expect(toArray).not.toHaveBeenCalled();
    expect(bulkGet).not.toHaveBeenCalled();
  });

  it('reads the table again when a pull page rebased pending changes', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    cache = newCache(db);
    await cache.settled();
    await mutate(db, 'task.create', { id: 'pending', title: 'Pending' });
    await vi.waitFor(() => expect(titles()).toEqual(['Pending']));
    const toArray = vi.spyOn(db.tasks, 'toArray');
    const now = new Date().toISOString();
    const changes = Array.from({ length: 60 }, (_, i) => ({ entity: 'task' as const, id: `s${i}`, version: i + 1, deleted: false, data: { title: `S${i}`, createdAt: now, updatedAt: now } }));
    const { applyPullPage } = await import('./apply-pull');
    await applyPullPage(db, { changes, cursor: 60, hasMore: false, lastMutationId: 0, reset: false } as never, 0);
    await vi.waitFor(() => expect(items()).toHaveLength(61));
    expect(toArray).toHaveBeenCalled();
  });

  it('paints from the start-up read, then reads the table once more and shows a write that landed in between', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    await mutate(db, 'task.create', { id: 'b', title: 'B' });
    // public/early.js read the table here (the rows' JSON texts out of the raw bucket records)…
    const records = await rawTasks(db);
    // …and a pull page or another tab wrote before this cache listened for changes.
    await mutate(db, 'task.create', { id: 'c', title: 'C' });
    window.__early = { db: db.name, version: db.verno * 10, tasks: Promise.resolve(textsOfBuckets(records)) };
    const toArray = vi.spyOn(db.tasks, 'toArray');
    cache = newCache(db);
    await cache.settled();
    expect(titles()).toEqual(['A', 'B']);
    expect(toArray).not.toHaveBeenCalled();
    expect(window.__early?.tasks).toBeUndefined();
    const a = items()!.find((t) => t.id === 'a');
    await vi.waitFor(() => expect(titles()).toEqual(['A', 'B', 'C']), { timeout: 8000 });
    // Unchanged tasks keep their objects (memoised rows do not render again).
    expect(items()!.find((t) => t.id === 'a')).toBe(a);
    delete window.__early;
  });

  it('reconciles after the start-up read from the stored texts: only changed rows are decoded again, gone ones leave', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    for (const id of ['a', 'b', 'c', 'd']) await mutate(db, 'task.create', { id, title: id.toUpperCase() });
    window.__early = { db: db.name, version: db.verno * 10, tasks: Promise.resolve(textsOfBuckets(await rawTasks(db))) };
    // Written after the start-up read, before the live table listened: an edit, a delete, a new row.
    await mutate(db, 'task.update', { id: 'b', title: 'B2' });
    await mutate(db, 'task.delete', { id: 'c' });
    await mutate(db, 'task.create', { id: 'e', title: 'E' });
    const toArray = vi.spyOn(db.tasks, 'toArray');
    cache = newCache(db);
    await cache.settled();
    expect(titles()).toEqual(['A', 'B', 'C', 'D']);
    const [a, d] = ['a', 'd'].map((id) => items()!.find((t) => t.id === id));
    // Changed in memory only (a quick add's row shown before its write, which then never lands): read again.
    const stored = (await db.tasks.get('d'))!;
    cache.optimistic({ ...stored, data: { ...stored.data, title: 'D (not stored)' } });
    expect(titles()).toEqual(['A', 'B', 'C', 'D (not stored)']);
    await vi.waitFor(() => expect(titles()).toEqual(['A', 'B2', 'D', 'E']), { timeout: 8000 });
    expect(toArray).not.toHaveBeenCalled();
    expect(items()!.find((t) => t.id === 'a')).toBe(a);
    expect(items()!.find((t) => t.id === 'd')).not.toBe(d);
    // Later writes are patched as usual.
    await mutate(db, 'task.update', { id: 'a', title: 'A2' });
    await vi.waitFor(() => expect(titles()).toEqual(['A2', 'B2', 'D', 'E']));
    delete window.__early;
  });

  it('ignores a start-up read of another database version', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    window.__early = { db: db.name, version: 10, tasks: Promise.resolve([]) };
    cache = newCache(db);
    await cache.settled();
    expect(titles()).toEqual(['A']);
    delete window.__early;
  });

  it('shows large pulled pages at most every second while more follow; the last page and small ones at once', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    cache = newCache(db);
    await cache.settled();
    const published: number[] = [];
    cache.subscribe(() => published.push(items()!.length));
    const now = new Date().toISOString();
    const page = (from: number, n: number): LocalRow[] =>
      Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, data: { title: `P${from + i}` }, deleted: 0, createdAt: now, updatedAt: now, version: from + i + 1, parentId: null }));
    const { emitPulled } = await import('./pull-events');
    emitPulled({ db, tables: new Map([['tasks', page(0, 1000)]]), more: true });
    await cache.settled();
    emitPulled({ db, tables: new Map([['tasks', page(1000, 5000)]]), more: true });
    await cache.settled();
    expect(published.at(-1)).toBe(1000);
    expect(published).not.toContain(6000);
    await vi.waitFor(() => expect(published.at(-1)).toBe(6000), { timeout: 3000 });
    emitPulled({ db, tables: new Map([['tasks', page(6000, 2000)]]), more: true });
    await cache.settled();
    expect(published.at(-1)).toBe(6000);
    // The last page of the pull shows at once.
    emitPulled({ db, tables: new Map([['tasks', page(8000, 1000)]]), more: false });
    await cache.settled();
    expect(published.at(-1)).toBe(9000);
    // A small page (another device's edit) is not held back.
    emitPulled({ db, tables: new Map([['tasks', page(9000, 3)]]), more: true });
    await cache.settled();
    expect(published.at(-1)).toBe(9003);
  });
});

/** The tasks store's records as stored, read without Dexie (what public/early.js reads). */
async function rawTasks(db: AppDatabase): Promise<unknown[]> {
  const idb = db.backendDB();
  return new Promise((resolve, reject) => {
    const req = idb.transaction('tasks', 'readonly').objectStore('tasks').getAll();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

