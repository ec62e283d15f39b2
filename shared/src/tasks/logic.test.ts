import { describe, expect, it } from 'vitest';
import { childrenIndex, isTaskPending, isTaskOverdue } from './logic.js';

const t = (completed: boolean, startDate: string | null, dueDate: string | null) => ({ completed, startDate, dueDate });

describe('isTaskPending', () => {
  it.each([
    ['no dates', t(false, null, null), true],
    ['completed', t(true, null, null), false],
    ['starts today', t(false, '2025-03-05', null), true],
    ['starts tomorrow', t(false, '2025-03-06', null), false],
    ['due yesterday', t(false, null, '2025-03-04'), true],
    ['due next week', t(false, null, '2025-03-12'), false],
    ['starts later, due today', t(false, '2025-03-10', '2025-03-05'), true],
  ])('%s', (_, task, expected) => {
    expect(isTaskPending(task, '2025-03-05', 'UTC')).toBe(expected);
  });

  it('reads date-times in the given zone', () => {
    const task = t(false, '2025-03-05T22:00:00Z', null);
    expect(isTaskPending(task, '2025-03-05', 'UTC')).toBe(true);
    expect(isTaskPending(task, '2025-03-05', 'Asia/Tokyo')).toBe(false); // already 06 March in Tokyo
  });
});

describe('isTaskOverdue', () => {
  it('is due before today and not completed', () => {
    expect(isTaskOverdue(t(false, null, '2025-03-04'), '2025-03-05', 'UTC')).toBe(true);
    expect(isTaskOverdue(t(true, null, '2025-03-04'), '2025-03-05', 'UTC')).toBe(false);
    expect(isTaskOverdue(t(false, null, '2025-03-05'), '2025-03-05', 'UTC')).toBe(false);
  });
});

describe('childrenIndex', () => {
  it('groups children by parent', () => {
    const index = childrenIndex([
      { id: 'a', parent: null },
      { id: 'b', parent: 'a' },
      { id: 'c', parent: 'a' },
    ]);
    expect(index.get('a')).toEqual(['b', 'c']);
    expect(index.get('b')).toBeUndefined();
  });
});
