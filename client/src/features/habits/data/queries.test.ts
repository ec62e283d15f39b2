import { addDays } from '@adhd/shared/time';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppDatabase, LocalRow } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { eachTestDb, localToday, seed } from '../../../test/kit';
import { HABITS_CATEGORY_COLOR, liveHabits, toHabitItem } from './queries';

const row = (id: string, data: Record<string, unknown>): LocalRow => ({
  id,
  data,
  deleted: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  version: 1,
  parentId: null,
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
});

describe('the live habits (habits and their days)', () => {
  let db: AppDatabase;
  eachTestDb((opened) => (db = opened));

  it('patches one habit per day change and keeps the other habits’ objects', async () => {
    const today = localToday();
    await seed(db, 'habit', 'a', { startDate: addDays(today, -5) });
    await seed(db, 'habit', 'b', { startDate: addDays(today, -5) });
    await mutate(db, 'habit.setDay', { habitId: 'b', date: addDays(today, -1), status: 'skip' });
    const cache = liveHabits(db);
    const items = () => cache.get()?.items;
    await waitFor(() => expect(items()?.length).toBe(2));
    const before = new Map(items()!.map((h) => [h.id, h]));
    expect([...before.get('b')!.marks]).toEqual([[addDays(today, -1), 'skip']]);

    await mutate(db, 'habit.setDay', { habitId: 'a', date: today, status: 'complete' });
    await waitFor(() => expect(items()!.find((h) => h.id === 'a')!.marks.get(today)).toBe('complete'));
    const after = new Map(items()!.map((h) => [h.id, h]));
    expect(after.get('b')).toBe(before.get('b'));
    expect(after.get('a')).not.toBe(before.get('a'));
    expect(before.get('a')!.marks.size).toBe(0); // objects already handed out never change

    await mutate(db, 'habit.setDay', { habitId: 'a', date: today, status: 'empty' });
    await waitFor(() => expect(items()!.find((h) => h.id === 'a')!.marks.size).toBe(0));
    await mutate(db, 'habit.update', { id: 'b', title: 'Renamed' });
    await waitFor(() => expect(items()!.find((h) => h.id === 'b')!.title).toBe('Renamed'));
    expect([...items()!.find((h) => h.id === 'b')!.marks]).toEqual([[addDays(today, -1), 'skip']]);
    await mutate(db, 'habit.delete', { id: 'b' });
    await waitFor(() => expect(items()!.map((h) => h.id)).toEqual(['a']));
  });
});
