import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { taskActions } from './mutations';
import { liveTasks } from './queries';

// A quick add shows the new task from memory in the keystroke's own frame; the IndexedDB write follows.
let db: AppDatabase;
afterEach(async () => {
  vi.restoreAllMocks();
  db?.close();
  await db?.delete();
});

async function openWithOneTask() {
  db = new AppDatabase(`quick-add-${Math.random()}`);
  await mutate(db, 'task.create', { id: 'old', title: 'Old' });
  const live = liveTasks(db);
  await live.settled();
  return live;
}

describe('quick add', () => {
  it('shows the task before its write has settled, and keeps the shown object once the row is stored', async () => {
    const live = await openWithOneTask();
    const listener = vi.fn();
    live.subscribe(listener);
    const bulkGet = vi.spyOn(db.tasks, 'bulkGet');
    let settled = false;
    const added = taskActions(() => db)
      .quickAdd('  Call the dentist ')
      .then((id) => {
        settled = true;
        return id;
      });
    // Synchronously, in the call itself: published, with the title trimmed and the task's defaults.
    expect(listener).toHaveBeenCalledTimes(1);
    const shown = live.get()!.items.find((t) => t.title === 'Call the dentist');
    expect(shown).toMatchObject({ completed: false, parent: null, description: '' });
    expect(settled).toBe(false);
    const id = await added;
    expect(id).toBe(shown!.id);
    expect(await db.tasks.get(id)).toMatchObject({ data: { title: 'Call the dentist' }, deleted: 0 });
    expect(await db._outbox.toArray()).toHaveLength(2);
    // The write's change event reads the row back: equal to what was shown, so the same object stays.
    await vi.waitFor(() => expect(bulkGet).toHaveBeenCalledWith([id]));
    await live.settled();
    expect(live.get()!.items.find((t) => t.id === id)).toBe(shown);
    expect(live.get()!.items).toHaveLength(2);
  });

  it('takes the shown task away again when the write fails', async () => {
    const live = await openWithOneTask();
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const added = taskActions(() => db).quickAdd('Will not be stored');
    expect(live.get()!.items.map((t) => t.title).sort()).toEqual(['Old', 'Will not be stored']);
    await expect(added).rejects.toThrow('QuotaExceededError');
    await vi.waitFor(() => expect(live.get()!.items.map((t) => t.title)).toEqual(['Old']));
    expect(await db.tasks.count()).toBe(1);
  });
});
