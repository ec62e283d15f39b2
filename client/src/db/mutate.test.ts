import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from './database';
import { mutate } from './mutate';

let db: AppDatabase;
afterEach(async () => {
  await db?.delete();
});

describe('mutate (local write + outbox in one transaction)', () => {
  it('applies the shared mutator locally and queues it with the next id', async () => {
    db = new AppDatabase('user-1');
    await mutate(db, 'task.create', { id: 't1', title: 'Buy milk' });
    await mutate(db, 'task.create', { id: 't2', title: 'Child', parent: 't1' });
    const rows = await db.tasks.toArray();
    expect(rows.map((r) => [r.id, r.data.title, r.parentId, r.deleted, r.version])).toEqual([
      ['t1', 'Buy milk', null, 0, 0],
      ['t2', 'Child', 't1', 0, 0],
    ]);
    expect((await db._outbox.toArray()).map((m) => [m.id, m.name])).toEqual([
      [1, 'task.create'],
      [2, 'task.create'],
    ]);
    // The server's view of both rows was "absent": kept for the rebase.
    expect((await db._base.toArray()).map((b) => [b.id, b.row])).toEqual([
      ['t1', null],
      ['t2', null],
    ]);
  });

  it('writes nothing when the mutation is refused', async () => {
    db = new AppDatabase('user-2');
    await expect(mutate(db, 'task.create', { id: 't1', title: '   ' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(mutate(db, 'task.delete', { id: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.tasks.count()).toBe(0);
    expect(await db._outbox.count()).toBe(0);
    expect(await db._meta.get('nextMutationId')).toBeUndefined();
  });

  it('keeps tombstones so a delete can be undone offline', async () => {
    db = new AppDatabase('user-3');
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    await mutate(db, 'task.create', { id: 'b', title: 'B', parent: 'a' });
    await mutate(db, 'task.delete', { id: 'a' });
    expect((await db.tasks.toArray()).map((r) => r.deleted)).toEqual([1, 1]);
    await mutate(db, 'task.restore', { id: 'a' });
    expect((await db.tasks.get('a'))?.deleted).toBe(0);
  });
});
