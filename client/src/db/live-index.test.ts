import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase, type LocalRow } from './database';
import { decoders } from './entity-rows';
import { LiveJoin } from './live-join';
import { LiveTable } from './live-table';
import { mutate } from './mutate';

let db: AppDatabase;
const tables: { dispose(): void }[] = [];
afterEach(async () => {
  for (const t of tables.splice(0)) t.dispose();
  await db?.delete();
});

function open<T>(table: string, decode: (row: LocalRow) => T | null): LiveTable<T> {
  const live = new LiveTable(db, { table, decode });
  tables.push(live);
  return live;
}

describe('live table indexes', () => {
  it('groups rows by key, copies only the groups a change touches, and keeps the others', async () => {
    db = new AppDatabase(`index-${Math.random()}`);
    await mutate(db, 'task.create', { id: 'a', title: 'A', tags: ['red'] });
    await mutate(db, 'task.create', { id: 'b', title: 'B', tags: ['red', 'blue'] });
    const tasks = open('tasks', decoders.task);
    const byTag = tasks.index((t) => t.tags);
    await tasks.settled();
    expect([...byTag.group('red').keys()].sort()).toEqual(['a', 'b']);
    const red = byTag.group('red');
    const blue = byTag.group('blue');

    await mutate(db, 'task.update', { id: 'a', tags: ['green'] });
    await vi.waitFor(() => expect([...byTag.group('green').keys()]).toEqual(['a']));
    expect([...byTag.group('red').keys()]).toEqual(['b']);
    expect([...red.keys()].sort()).toEqual(['a', 'b']); // a group handed out never changes
    expect(byTag.group('blue')).toBe(blue); // an untouched group keeps its object

    await mutate(db, 'task.delete', { id: 'b' });
    await vi.waitFor(() => expect(byTag.group('red').size).toBe(0));
    expect([...byTag.entries()].map(([k]) => k)).toEqual(['green']);
  });

  it('keeps a row the schema refuses off the table, without failing the others', async () => {
    db = new AppDatabase(`index-${Math.random()}`);
    const now = new Date().toISOString();
    const base = { deleted: 0 as const, createdAt: now, updatedAt: now, version: 1, parentId: null };
    await db.tasks.bulkPut([
      { ...base, id: 'ok', data: { title: 'Fine' } },
      { ...base, id: 'bad', data: { title: 'Odd', priority: 'urgent' } },
    ]);
    const tasks = open('tasks', decoders.task);
    await tasks.settled();
    expect(tasks.get()!.items.map((t) => t.id)).toEqual(['ok']);
    expect(tasks.row('bad')).toBeUndefined();
  });
});

describe('a view joining two live tables', () => {
  it('shows the main rows while the side loads, then composes each with its group, remaking only what changed', async () => {
    db = new AppDatabase(`join-${Math.random()}`);
    await mutate(db, 'habit.create', { id: 'h1', title: 'One', startDate: '2025-03-01' });
    await mutate(db, 'habit.create', { id: 'h2', title: 'Two', startDate: '2025-03-01' });
    await mutate(db, 'habit.setDay', { habitId: 'h1', date: '2025-03-02', status: 'complete' });
    const habits = open('habits', decoders.habit);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const days = new LiveTable(db, { table: 'habitDays', decode: decoders.habitDay, startAfter: () => gate });
    tables.push(days);
    const join = new LiveJoin(habits, days, days.index((d) => d.habit), (h) => h.id, (h, group) => ({ id: h.id, dates: group && [...group.values()].map((d) => d.date) }));
    tables.push(join);
    await habits.settled();
    expect(join.get()!.items).toEqual([{ id: 'h1', dates: null }, { id: 'h2', dates: null }]);

    release();
    await join.settled();
    expect(join.get()!.items).toEqual([{ id: 'h1', dates: ['2025-03-02'] }, { id: 'h2', dates: [] }]);
    const [one, two] = join.get()!.items;
    await mutate(db, 'habit.setDay', { habitId: 'h1', date: '2025-03-03', status: 'skip' });
    await vi.waitFor(() => expect(join.get()!.items[0]!.dates).toEqual(['2025-03-02', '2025-03-03']));
    expect(join.get()!.items[1]).toBe(two);
    expect(one!.dates).toEqual(['2025-03-02']);
  });
});
