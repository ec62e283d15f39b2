import { describe, expect, it } from 'vitest';
import { habitDayId } from '@adhd/shared/habits/schema';
import { addDays } from '@adhd/shared/time';
import { useServerTest, fieldsOf } from '../../../test/kit.js';
import { habitsApi } from '../../../test/habits.js';

/** The habits REST routes: create, list, read, edit and delete. */

const srv = useServerTest();
const { call, today, createHabit, complete } = habitsApi(srv);
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('POST /api/habits', () => {
  it('creates a habit with the spec defaults and derived fields, startDate today in x-timezone', async () => {
    const habit = await createHabit({}, 'Pacific/Kiritimati');
    expect(habit).toEqual({
      _id: expect.any(String),
      title: 'Stretch',
      description: '',
      icon: 'mdi-check-circle',
      color: '#F44336',
      frequency: 'daily',
      customFrequency: null,
      startDate: today('Pacific/Kiritimati'),
      timeOfDay: 'anytime',
      customTime: null,
      priority: 'medium',
      category: '',
      tags: [],
      isActive: true,
      completionHistory: [],
      completedToday: false,
      todayStatus: 'empty',
      currentStreak: 0,
      currentAntiStreak: 0,
      bestStreak: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: expect.any(Number),
    });
  });

  it('keeps a client _id and every field', async () => {
    const habit = await createHabit({
      _id: 'habit-client-1',
      description: 'Ten minutes',
      icon: 'mdi-run',
      color: '#4caf50',
      frequency: 'custom',
      customFrequency: { type: 'interval', interval: 3 },
      startDate: '2025-01-01',
      timeOfDay: 'custom',
      customTime: '07:30',
      tags: [{ _id: 'tag-1' }],
    });
    expect(habit).toMatchObject({ _id: 'habit-client-1', icon: 'mdi-run', customFrequency: { type: 'interval', interval: 3 }, customTime: '07:30', tags: ['tag-1'] });
  });

  it.each([
    [{}, ['title']],
    [{ title: '   ' }, ['title']],
    [{ title: 'x', frequency: 'custom' }, ['customFrequency']],
    [{ title: 'x', frequency: 'custom', customFrequency: { type: 'days', days: [] } }, ['customFrequency.days']],
    [{ title: 'x', frequency: 'custom', customFrequency: { type: 'interval', interval: 0 } }, ['customFrequency.interval']],
    [{ title: 'x', frequency: 'custom', customFrequency: { type: 'interval', interval: 366 } }, ['customFrequency.interval']],
    [{ title: 'x', timeOfDay: 'custom' }, ['customTime']],
    [{ title: 'x', frequency: 'yearly', color: 'red', startDate: '2025-02-30' }, ['color', 'frequency', 'startDate']],
  ])('answers 400 naming the bad fields for %j', async (body, fields) => {
    const res = await call('POST', '/api/habits', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('answers the spec messages', async () => {
    const res = await call('POST', '/api/habits', { title: '', frequency: 'custom', customFrequency: { type: 'days', days: [] }, timeOfDay: 'custom' });
    const messages = res.json().error.details.map((d: { message: string }) => d.message).sort();
    expect(messages).toEqual(['Please enter a custom time', 'Please select at least one day', 'Title is required']);
  });
});

describe('GET /api/habits, /pending and /{id}', () => {
  it('lists habits and answers today’s pending ones in x-timezone', async () => {
    const other = await srv.seedUser();
    const as = (m: Method, url: string, body?: unknown, tz = 'UTC') => call(m, url, body, tz, other);
    const mk = async (body: Record<string, unknown>) => (await as('POST', '/api/habits', { title: 'h', ...body })).json();
    const t = today();
    const weekday = new Date(`${t}T00:00:00Z`).getUTCDay();
    const due = await mk({ title: 'due' });
    const done = await mk({ title: 'done', startDate: addDays(t, -3) });
    const skipped = await mk({ title: 'skipped' });
    const notToday = await mk({ title: 'not today', frequency: 'custom', customFrequency: { type: 'days', days: [(weekday + 1) % 7] } });
    const inactive = await mk({ title: 'inactive', isActive: false });
    expect((await as('POST', `/api/habits/${done._id}/complete`, { date: t, status: 'complete' })).statusCode).toBe(200);
    expect((await as('POST', `/api/habits/${skipped._id}/complete`, { date: t, status: 'skip' })).statusCode).toBe(200);

    const list = (await as('GET', '/api/habits')).json();
    expect(list.map((h: { _id: string }) => h._id).sort()).toEqual([due, done, skipped, notToday, inactive].map((h) => h._id).sort());
    const pending = (await as('GET', '/api/habits/pending')).json();
    expect(pending.map((h: { title: string }) => h.title)).toEqual(['due']);
    const doneRow = list.find((h: { _id: string }) => h._id === done._id);
    expect(doneRow).toMatchObject({ completedToday: true, currentStreak: 1, currentAntiStreak: 0, bestStreak: 1 });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('GET', '/api/habits/nope')).statusCode).toBe(404);
    expect((await call('GET', '/api/habits/%00')).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/habits/{id}', () => {
  it('updates only the given fields and checks the rules on the result', async () => {
    const h = await createHabit({ frequency: 'custom', customFrequency: { type: 'days', days: [1, 3] } });
    let res = await call('PUT', `/api/habits/${h._id}`, { title: 'Read', isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Read', isActive: false, customFrequency: { type: 'days', days: [1, 3] } });
    res = await call('PUT', `/api/habits/${h._id}`, { customFrequency: null });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['customFrequency']);
    res = await call('PUT', `/api/habits/${h._id}`, { timeOfDay: 'custom', customTime: '7:00' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['customTime']);
    expect((await call('PUT', '/api/habits/nope', { title: 'x' })).statusCode).toBe(404);
  });

  it('diffs a full completionHistory into per-day changes', async () => {
    const t = today();
    const h = await createHabit({ startDate: addDays(t, -10) });
    await complete(h._id, addDays(t, -3));
    await complete(h._id, addDays(t, -2));
    const res = await call('PUT', `/api/habits/${h._id}`, {
      completionHistory: [
        { date: addDays(t, -2), completed: true },
        { date: addDays(t, -1), completed: false },
        { date: t, status: 'skip' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().completionHistory).toEqual([
      { date: addDays(t, -2), status: 'complete', completed: true },
      { date: addDays(t, -1), status: 'miss', completed: false },
      { date: t, status: 'skip', completed: false },
    ]);
    const future = await call('PUT', `/api/habits/${h._id}`, { completionHistory: [{ date: addDays(t, 2), completed: true }] });
    expect(future.statusCode).toBe(400);
    expect(fieldsOf(future)).toEqual(['date']);
  });

  it('deletes a habit with its days; later reads are 404', async () => {
    const h = await createHabit();
    await complete(h._id, today());
    const res = await call('DELETE', `/api/habits/${h._id}`);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', `/api/habits/${h._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/habits/${h._id}`)).statusCode).toBe(404);
    const day = await srv.app.db
      .selectFrom('entities')
      .select(['deleted'])
      .where('user_id', '=', srv.user.id)
      .where('id', '=', habitDayId(h._id, today()))
      .executeTakeFirstOrThrow();
    expect(day.deleted).toBe(1);
  });
});
