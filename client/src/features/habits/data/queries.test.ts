import { describe, expect, it } from 'vitest';
import type { LocalRow } from '../../../db/database';
import { HABITS_CATEGORY_COLOR, marksByHabit, toHabitItem } from './queries';

const row = (id: string, data: Record<string, unknown>, extra: Partial<LocalRow> = {}): LocalRow => ({
  id,
  data,
  deleted: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  version: 1,
  parentId: null,
  ...extra,
});

describe('habit rows as screens see them', () => {
  it('gives missing fields the spec defaults; a missing colour falls back to the habits colour', () => {
    expect(toHabitItem(row('h', { title: 'Bare' }), new Map())).toMatchObject({
      title: 'Bare',
      icon: 'mdi-check-circle',
      color: HABITS_CATEGORY_COLOR,
      frequency: 'daily',
      customFrequency: null,
      startDate: '2025-03-01',
      timeOfDay: 'anytime',
      isActive: true,
      tags: [],
    });
    expect(toHabitItem(row('h', { title: 'x', color: '#F44336', isActive: false }), new Map())).toMatchObject({ color: '#F44336', isActive: false });
  });

  it('groups live day rows by habit and ignores tombstones and unknown statuses', () => {
    const marks = marksByHabit([
      row('d1', { habit: 'h', date: '2025-03-01', status: 'complete' }, { parentId: 'h' }),
      row('d2', { habit: 'h', date: '2025-03-02', status: 'miss' }, { parentId: 'h', deleted: 1 }),
      row('d3', { habit: 'h', date: '2025-03-03', status: 'done' }, { parentId: 'h' }),
      row('d4', { habit: 'g', date: '2025-03-01', status: 'skip' }, { parentId: 'g' }),
    ]);
    expect([...marks.get('h')!]).toEqual([['2025-03-01', 'complete']]);
    expect([...marks.get('g')!]).toEqual([['2025-03-01', 'skip']]);
  });
});
