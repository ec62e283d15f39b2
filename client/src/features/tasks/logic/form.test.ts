import { describe, expect, it } from 'vitest';
import { defaultValues, EMPTY_STAGING, isDirty, planCreate, planEdit, validate, valuesFromTask } from './form';
import type { TaskItem } from './types';

const task: TaskItem = {
  id: 't1',
  title: 'Write report',
  description: '',
  completed: false,
  startDate: null,
  dueDate: '2025-03-05T22:30:00Z',
  time: '09:00',
  priority: 'high',
  tags: ['x'],
  parent: 'p',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('task form rules', () => {
  it('requires a title that is not blank after trimming', () => {
    expect(validate({ ...defaultValues(), title: '   ' })).toEqual({ title: 'tasks.titleRequired' });
    expect(validate({ ...defaultValues(), title: ' a ' })).toEqual({});
  });

  it('defaults to medium priority and the given parent', () => {
    expect(defaultValues('p')).toMatchObject({ priority: 'medium', parent: 'p', title: '', tags: [] });
  });

  it('reads stored date-times as the calendar date in the user zone', () => {
    expect(valuesFromTask(task, 'UTC').dueDate).toBe('2025-03-05');
    expect(valuesFromTask(task, 'Europe/Moscow').dueDate).toBe('2025-03-06');
  });

  it('is dirty after any change, child staging included', () => {
    const initial = valuesFromTask(task, 'UTC');
    expect(isDirty(initial, { ...initial })).toBe(false);
    expect(isDirty(initial, { ...initial, tags: ['x'] })).toBe(false);
    expect(isDirty(initial, { ...initial, priority: 'low' })).toBe(true);
    expect(isDirty(initial, initial, { ...EMPTY_STAGING, removedExisting: ['c'] })).toBe(true);
    // A staged child that was struck through again is no change.
    expect(isDirty(initial, initial, { ...EMPTY_STAGING, created: [{ key: 'k', title: 'x', removed: true }] })).toBe(false);
  });

  it('creates with trimmed title and empty dates as null', () => {
    expect(planCreate('n1', { ...defaultValues('p'), title: '  Call mum ', time: '18:00' })).toEqual([
      {
        name: 'task.create',
        args: { id: 'n1', title: 'Call mum', description: '', completed: false, startDate: null, dueDate: null, time: '18:00', priority: 'medium', tags: [], parent: 'p' },
      },
    ]);
  });

  it('saves only the changed fields, then the move, new, removed and added children', () => {
    const initial = valuesFromTask(task, 'UTC');
    let n = 0;
    const ops = planEdit(
      't1',
      initial,
      { ...initial, title: ' Report ', dueDate: '', parent: null },
      {
        removedExisting: ['c1'],
        added: [
          { id: 'c2', removed: false },
          { id: 'c3', removed: true },
        ],
        created: [
          { key: 'k1', title: ' New one ', removed: false },
          { key: 'k2', title: 'Dropped', removed: true },
        ],
      },
      () => `new-${++n}`,
    );
    expect(ops).toEqual([
      { name: 'task.update', args: { id: 't1', title: 'Report', dueDate: null } },
      { name: 'task.move', args: { id: 't1', parent: null } },
      { name: 'task.create', args: { id: 'new-1', title: 'New one', description: '', completed: false, priority: 'medium', tags: [], parent: 't1' } },
      { name: 'task.move', args: { id: 'c1', parent: null } },
      { name: 'task.move', args: { id: 'c2', parent: 't1' } },
    ]);
  });

  it('plans nothing when nothing changed', () => {
    const initial = valuesFromTask(task, 'UTC');
    expect(planEdit('t1', initial, initial, EMPTY_STAGING, () => 'x')).toEqual([]);
  });
});
