import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@adhd/shared/time';
import { useServerTest, fieldsOf } from '../../../test/kit.js';
import { habitsApi } from '../../../test/habits.js';

/** Habit days: marking a day, the month view, and replication of days to devices. */

const srv = useServerTest();
const { call, today, createHabit, complete } = habitsApi(srv);

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

describe('replication of habit days', () => {
  it('REST writes reach a device through pull, as habitDay rows with the parent link', async () => {
    const h = await createHabit();
    await complete(h._id, today());
    const device = srv.device(srv.user, `habits-pull-${Date.now()}`);
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
          const owner = await srv.seedUser();
          const habitId = `merge-${run}`;
          const a = srv.device(owner, `habit-merge-a-${run}-${Date.now()}`);
          const b = srv.device(owner, `habit-merge-b-${run}-${Date.now()}`);
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
          const res = await srv.callAs(owner, 'GET', `/api/habits/${habitId}`);
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
