import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filterTasks, filterTree } from './filters';
import { taskDates } from './task-dates';
import { indexTasks } from './tree';
import type { TaskItem } from './types';
import { taskItem } from '../testing';

const make = (id: string, patch: Partial<TaskItem> = {}): TaskItem => taskItem(id, { createdAt: `2025-01-0${id.length}T00:00:00Z`, ...patch });

const tasks = [
  make('a', { title: 'Buy milk', priority: 'high', tags: ['shop'], createdAt: '2025-01-01T00:00:00Z' }),
  make('b', { title: 'Pay rent', completed: true, createdAt: '2025-01-02T00:00:00Z' }),
  make('c', { title: 'Call bank', description: 'about the MILK card', parent: 'b', priority: 'low', createdAt: '2025-01-03T00:00:00Z' }),
];

describe('filters', () => {
  it.each([
    [{}, ['c', 'a', 'b']],
    [{ search: 'milk' }, ['c', 'a']],
    [{ status: 'completed' as const }, ['b']],
    [{ status: 'incomplete' as const }, ['c', 'a']],
    [{ priority: 'high' as const }, ['a']],
    [{ tags: ['shop'] }, ['a']],
    [{ search: 'rent', status: 'incomplete' as const }, []],
  ])('%j', (patch, expected) => {
    expect(filterTasks(tasks, { ...DEFAULT_FILTERS, ...patch }).map((t) => t.id)).toEqual(expected);
  });

  it('keeps the ancestors of a match in the tree, dimmed', () => {
    const { roots, dimmed } = filterTree(tasks, indexTasks(tasks), { ...DEFAULT_FILTERS, priority: 'low' });
    expect(roots.map((r) => r.item.id)).toEqual(['b']);
    expect(roots[0].children.map((c) => c.item.id)).toEqual(['c']);
    expect([...dimmed]).toEqual(['b']);
  });
});

describe('overdue', () => {
  it('counts days past the due date for open tasks only', () => {
    expect(taskDates(make('x', { dueDate: '2025-03-02' }), '2025-03-05', 'UTC').overdueDays).toBe(3);
    expect(taskDates(make('x', { dueDate: '2025-03-02', completed: true }), '2025-03-05', 'UTC').overdueDays).toBe(0);
    expect(taskDates(make('x', { dueDate: '2025-03-05' }), '2025-03-05', 'UTC').overdueDays).toBe(0);
    expect(taskDates(make('x', { dueDate: '2025-03-04T23:30:00Z' }), '2025-03-05', 'Europe/Moscow')).toEqual({ start: null, due: '2025-03-05', overdueDays: 0 });
  });
});
