import { describe, expect, it } from 'vitest';
import type { TaskItem } from '../../tasks';
import { actualTasksCached, NO_IDS, selectActualTasks, selectActualTop } from './select';

const task = (id: string, dueDate: string | null, completed = false) =>
  ({ id, title: `Task ${id}`, dueDate, startDate: null, completed, priority: 'medium', time: null }) as unknown as TaskItem;

describe('actualTasksCached (the dashboard\'s tasks for today, per live tasks array)', () => {
  const today = '2026-11-28';

  it('answers a new visit with nothing ticked from the cache (the shared empty set), recomputing for new rows', () => {
    const tasks = [task('a', today), task('b', '2026-11-20'), task('c', null)];
    const first = actualTasksCached(tasks, today, 'UTC', NO_IDS, 10);
    expect(first.rows.map((r) => `${r.task.id}:${r.kind}`)).toEqual(['b:overdue', 'a:today']);
    expect(actualTasksCached(tasks, today, 'UTC', NO_IDS, 10)).toBe(first);
    // Another number of rows is another answer.
    expect(actualTasksCached(tasks, today, 'UTC', NO_IDS, 1).rows.map((r) => r.task.id)).toEqual(['b']);
    // A write gives the live table a new array: computed again.
    const written = [...tasks, task('d', today)];
    expect(actualTasksCached(written, today, 'UTC', NO_IDS, 10).rows.map((r) => r.task.id)).toEqual(['b', 'a', 'd']);
    // Another day or zone is computed again too.
    expect(actualTasksCached(tasks, '2026-11-20', 'UTC', NO_IDS, 10)).not.toBe(first);
  });

  it('keeps a task ticked on this visit (another set of kept ids is another answer)', () => {
    const tasks = [task('a', today, true), task('b', today)];
    expect(actualTasksCached(tasks, today, 'UTC', NO_IDS, 10).rows.map((r) => r.task.id)).toEqual(['b']);
    expect(actualTasksCached(tasks, today, 'UTC', new Set(['a']), 10).rows.map((r) => r.task.id)).toEqual(['a', 'b']);
  });
});

describe('selectActualTop (the first rows and the counts, without sorting the whole list)', () => {
  const today = '2026-11-28';
  // A small deterministic generator: many ties on kind, date, time and priority, so every comparison step is used.
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  const days = ['2026-11-20', '2026-11-27', today, '2026-11-29', '2026-12-05', '2026-11-28T23:30:00.000Z', '2026-11-27T10:00:00.000Z', null];
  const tasks = Array.from(
    { length: 600 },
    (_, i) =>
      ({
        id: `t${String(rnd(1000)).padStart(3, '0')}-${i}`,
        title: ['Alpha', 'beta', 'Gamma', 'alpha', ''][rnd(5)],
        dueDate: days[rnd(days.length)],
        startDate: days[rnd(days.length)],
        completed: rnd(4) === 0,
        priority: (['high', 'medium', 'low'] as const)[rnd(3)],
        time: [null, '09:00', '18:30'][rnd(3)],
      }) as unknown as TaskItem,
  );

  it.each([
    ['UTC', 10],
    ['Pacific/Auckland', 10],
    ['America/Los_Angeles', 1],
    ['UTC', 0],
    ['UTC', 10_000],
  ])('equals the sorted whole list cut to its first rows, with its counts (%s, %i rows)', (zone, limit) => {
    const keep = new Set(tasks.filter((t) => t.completed).slice(0, 20).map((t) => t.id));
    for (const k of [NO_IDS, keep]) {
      const all = selectActualTasks(tasks, today, zone, k);
      const top = selectActualTop(tasks, today, zone, k, limit);
      expect(top.rows).toEqual(all.slice(0, limit));
      expect(top.total).toBe(all.length);
      expect(top.open).toBe(all.filter((r) => !r.task.completed).length);
    }
  });
});
