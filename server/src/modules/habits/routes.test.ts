import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { habitDayId } from '@adhd/shared/habits/schema';
import { addDays, todayInZone } from '@adhd/shared/time';
import { makeApp, seedUser, type Fixture, type SeededUser } from '../../../test/fixtures.js';
import { ScriptedClient } from '../../../test/sync-client.js';

let fx: Fixture;
let user: SeededUser;

beforeAll(async () => {
  fx = await makeApp();
  user = await seedUser(fx.app);
});
afterAll(() => fx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, body?: unknown, tz = 'UTC', as = user) =>
  fx.app.inject({ method, url, headers: { ...as.headers, 'x-timezone': tz }, ...(body === undefined ? {} : { payload: body as object }) });
const today = (tz = 'UTC') => todayInZone(new Date(), tz);
const fieldsOf = (res: { json(): { error: { details: { field: string }[] } } }) => res.json().error.details.map((d) => d.field).sort();

const createHabit = async (body: Record<string, unknown> = {}, tz = 'UTC') => {
  const res = await call('POST', '/api/habits', { title: 'Stretch', ...body }, tz);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const complete = (id: string, date: string, status = 'complete', tz = 'UTC') => call('POST', `/api/habits/${id}/complete`, { date, status }, tz);

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
    const other = await seedUser(fx.app);
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

describe('POST /api/habits/{id}/complete', () => {
  it('sets each of the four statuses and answers the updated habit with streaks', async () => {
    const t = today();
    const h = await createHabit({ startDate: addDays(t, -5) });
    for (const [offset, status] of [[-3, 'complete'], [-2, 'skip'], [-1, 'complete']] as const) {
      expect((await complete(h._id, addDays(t, offset), status)).statusCode).toBe(200);
    }
    let res = await complete(h._id, t, 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: h._id,
      completedToday: true,
      currentStreak: 3,
      currentAntiStreak: 0,
      bestStreak: 3,
      completionHistory: [
        { date: addDays(t, -3), status: 'complete', completed: true },
        { date: addDays(t, -2), status: 'skip', completed: false },
        { date: addDays(t, -1), status: 'complete', completed: true },
        { date: t, status: 'complete', completed: true },
      ],
    });
    res = await complete(h._id, addDays(t, -1), 'miss');
    expect(res.json()).toMatchObject({ currentStreak: 1, bestStreak: 1 });
    res = await complete(h._id, t, 'empty');
    expect(res.json()).toMatchObject({ completedToday: false, currentStreak: 0, currentAntiStreak: 1 });
    expect(res.json().completionHistory.map((e: { date: string }) => e.date)).not.toContain(t);
  });

  it('defaults the status to complete', async () => {
    const h = await createHabit();
    const res = await call('POST', `/api/habits/${h._id}/complete`, { date: today() });
    expect(res.json().completedToday).toBe(true);
  });

  it('refuses a future date (in x-timezone) and an unscheduled day with a clear 400', async () => {
    const h = await createHabit();
    const tomorrow = addDays(today(), 1);
    let res = await complete(h._id, tomorrow);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'A future date cannot be marked', details: [{ field: 'date', key: 'habits.futureDate' }] });
    // Today in Kiritimati (UTC+14) is tomorrow or today in UTC; in Honolulu (UTC-10) it may be yesterday.
    const kiri = today('Pacific/Kiritimati');
    const hnl = today('Pacific/Honolulu');
    expect((await complete(h._id, kiri, 'complete', 'Pacific/Kiritimati')).statusCode).toBe(200);
    if (kiri > hnl) expect((await complete(h._id, kiri, 'complete', 'Pacific/Honolulu')).statusCode).toBe(400);

    const weekday = new Date(`${today()}T00:00:00Z`).getUTCDay();
    const mondaysOnly = await createHabit({ frequency: 'custom', customFrequency: { type: 'days', days: [(weekday + 1) % 7] }, startDate: addDays(today(), -10) });
    res = await complete(mondaysOnly._id, today());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'The habit is not scheduled on this date', details: [{ field: 'date', key: 'habits.notScheduled' }] });
  });

  it('answers 400 naming date and status for bad bodies, 404 for unknown habits', async () => {
    const h = await createHabit();
    const res = await call('POST', `/api/habits/${h._id}/complete`, { date: '2025-13-01', status: 'done' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['date', 'status']);
    expect((await complete('nope', today())).statusCode).toBe(404);
  });
});

describe('GET /api/habits/{id}/month/{year}/{month}', () => {
  it('uses a zero-based month and answers completionHistory and completedToday', async () => {
    const h = await createHabit({ startDate: '2024-01-15' });
    await complete(h._id, '2024-01-31');
    await complete(h._id, '2024-02-01', 'miss');
    await complete(h._id, '2024-02-29', 'skip');
    await complete(h._id, '2024-03-01');
    let res = await call('GET', `/api/habits/${h._id}/month/2024/1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      completionHistory: [
        { date: '2024-02-01', status: 'miss', completed: false },
        { date: '2024-02-29', status: 'skip', completed: false },
      ],
      completedToday: false,
    });
    res = await call('GET', `/api/habits/${h._id}/month/2024/0`);
    expect(res.json().completionHistory).toEqual([{ date: '2024-01-31', status: 'complete', completed: true }]);
    await complete(h._id, today());
    expect((await call('GET', `/api/habits/${h._id}/month/2023/11`)).json()).toEqual({ completionHistory: [], completedToday: true });
  });

  it.each([['2024/12', ['month']], ['2024/-1', ['month']], ['abc/1', ['year']], ['2024/1.5', ['month']]])('refuses %s', async (path, fields) => {
    const h = await createHabit();
    const res = await call('GET', `/api/habits/${h._id}/month/${path}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('answers 404 for an unknown habit', async () => {
    expect((await call('GET', '/api/habits/nope/month/2024/1')).statusCode).toBe(404);
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
    const day = await fx.app.db
      .selectFrom('entities')
      .select(['deleted'])
      .where('user_id', '=', user.id)
      .where('id', '=', habitDayId(h._id, today()))
      .executeTakeFirstOrThrow();
    expect(day.deleted).toBe(1);
  });
});

describe('replication of habit days', () => {
  it('REST writes reach a device through pull, as habitDay rows with the parent link', async () => {
    const h = await createHabit();
    await complete(h._id, today());
    const device = new ScriptedClient(fx.app, user.headers, `habits-pull-${Date.now()}`);
    await device.pull();
    expect(device.view.live('habitDay').find((r) => r.data.habit === h._id)?.data).toMatchObject({ date: today(), status: 'complete' });
  });

  it('keeps both devices’ offline edits to different days; the same day resolves to the last arrival', async () => {
    const t = today();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ device: fc.constantFrom(0, 1), offset: fc.integer({ min: 0, max: 6 }), status: fc.constantFrom('complete', 'miss', 'skip', 'empty') }), { maxLength: 12 }),
        fc.boolean(),
        async (ops, aFirst) => {
          run++;
          const owner = await seedUser(fx.app);
          const habitId = `merge-${run}`;
          const a = new ScriptedClient(fx.app, owner.headers, `habit-merge-a-${run}-${Date.now()}`);
          const b = new ScriptedClient(fx.app, owner.headers, `habit-merge-b-${run}-${Date.now()}`);
          // The scripted replicas' clock: mutators read "now" to refuse future days.
          for (const c of [a, b]) c.view.now = c.base.now = new Date().toISOString();
          await a.mutate('habit.create', { id: habitId, title: 'Merge', startDate: addDays(t, -10) });
          await a.push();
          await b.pull();
          b.view.now = new Date().toISOString(); // pull rebuilt b's view
          for (const o of ops) {
            const ok = await (o.device === 0 ? a : b).mutate('habit.setDay', { habitId, date: addDays(t, -o.offset), status: o.status });
            expect(ok).toBe(true);
          }
          const [first, second] = aFirst ? [a, b] : [b, a];
          await first.push();
          await second.push();
          await a.pull();
          await b.pull();
          const expected = new Map<string, string>();
          for (const d of aFirst ? [0, 1] : [1, 0]) for (const o of ops.filter((x) => x.device === d)) expected.set(addDays(t, -o.offset), o.status);
          const res = await fx.app.inject({ method: 'GET', url: `/api/habits/${habitId}`, headers: owner.headers });
          const server = new Map(res.json().completionHistory.map((e: { date: string; status: string }) => [e.date, e.status]));
          for (const [date, status] of expected) expect(server.get(date) ?? 'empty').toBe(status);
          for (const device of [a, b]) {
            const local = new Map(device.view.live('habitDay').map((r) => [String(r.data.date), String(r.data.status)]));
            expect(local).toEqual(server);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
