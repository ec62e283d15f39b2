import { describe, expect, it } from 'vitest';
import type { TaskItem } from '../../tasks';
import { actualTasksCached, NO_IDS } from './select';

const task = (id: string, dueDate: string | null, completed = false) =>
  ({ id, title: `Task ${id}`, dueDate, startDate: null, completed, priority: 'medium', time: null }) as unknown as TaskItem;

describe('actualTasksCached (the dashboard\'s tasks for today, per live tasks array)', () => {
  const today = '2026-11-28';

  it('answers a new visit with nothing ticked from the cache (the shared empty set), recomputing for new rows', () => {
    const tasks = [task('a', today), task('b', '2026-11-20'), task('c', null)];
    const first = actualTasksCached(tasks, today, 'UTC', NO_IDS);
    expect(first.map((r) => `${r.task.id}:${r.kind}`)).toEqual(['b:overdue', 'a:today']);
    expect(actualTasksCached(tasks, today, 'UTC', NO_IDS)).toBe(first);
    // A write gives the live table a new array: computed again.
    const written = [...tasks, task('d', today)];
    expect(actualTasksCached(written, today, 'UTC', NO_IDS).map((r) => r.task.id)).toEqual(['b', 'a', 'd']);
    // Another day or zone is computed again too.
    expect(actualTasksCached(tasks, '2026-11-20', 'UTC', NO_IDS)).not.toBe(first);
  });

  it('keeps a task ticked on this visit (another set of kept ids is another answer)', () => {
    const tasks = [task('a', today, true), task('b', today)];
    expect(actualTasksCached(tasks, today, 'UTC', NO_IDS).map((r) => r.task.id)).toEqual(['b']);
    expect(actualTasksCached(tasks, today, 'UTC', new Set(['a'])).map((r) => r.task.id)).toEqual(['a', 'b']);
  });
});
