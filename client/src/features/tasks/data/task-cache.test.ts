import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { toTaskItem } from './queries';
import { TaskCache } from './task-cache';

let db: AppDatabase;
let cache: TaskCache;
afterEach(async () => {
  cache?.dispose();
  await db?.delete();
});

const titles = () => (cache.get() ?? []).map((t) => t.title).sort();

describe('TaskCache', () => {
  it('loads the live tasks, then patches only the rows that changed', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    await mutate(db, 'task.create', { id: 'b', title: 'B' });
    cache = new TaskCache(db, toTaskItem);
    await cache.settled();
    expect(titles()).toEqual(['A', 'B']);
    const before = cache.get()!;
    const untouched = before.find((t) => t.id === 'b');

    const bulkGet = vi.spyOn(db.tasks, 'bulkGet');
    const listener = vi.fn();
    cache.subscribe(listener);
    await mutate(db, 'task.update', { id: 'a', title: 'A2', completed: true });
    await vi.waitFor(() => expect(titles()).toEqual(['A2', 'B']));
    expect(bulkGet).toHaveBeenCalledWith(['a']);
    expect(listener).toHaveBeenCalled();
    // The unchanged task keeps its object, so memoised rows do not render again.
    expect(cache.get()!.find((t) => t.id === 'b')).toBe(untouched);
  });

  it('drops deleted tasks and their subtasks, and brings restored ones back', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    cache = new TaskCache(db, toTaskItem);
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
    cache = new TaskCache(db, toTaskItem);
    await cache.settled();
    await db.tasks.clear();
    await vi.waitFor(() => expect(titles()).toEqual([]));
    const now = new Date().toISOString();
    await db.tasks.bulkPut([{ id: 'y', data: { title: 'Y' }, deleted: 0, createdAt: now, updatedAt: now, version: 3, parentId: null }]);
    await vi.waitFor(() => expect(titles()).toEqual(['Y']));
  });
});
