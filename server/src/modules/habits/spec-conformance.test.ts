import { describe, expect, it } from 'vitest';
import { addDays } from '@adhd/shared/time';
import { habitsApi } from '../../../test/habits.js';
import { useServerTest } from '../../../test/kit.js';

/** Habits API against SPEC sections 4, 5 and 7 and CONTRACT.md's error shape. */

const srv = useServerTest();
const { call, today, createHabit } = habitsApi(srv);

describe('400 answers carry the SPEC section 5 message as error.message', () => {
  it.each([
    [{ title: '  ' }, 'Title is required', ['title']],
    [{ title: 'x', frequency: null }, 'Frequency is required', ['frequency']],
    [{ title: 'x', frequency: 'custom' }, 'Please select days and frequency', ['customFrequency']],
    [{ title: 'x', frequency: 'custom', customFrequency: { type: 'days', days: [] } }, 'Please select at least one day', ['customFrequency.days']],
    [{ title: 'x', frequency: 'custom', customFrequency: { type: 'interval', interval: 0 } }, 'Please enter a valid interval (1 or more days)', ['customFrequency.interval']],
    [{ title: 'x', timeOfDay: 'custom' }, 'Please enter a custom time', ['customTime']],
    [{ title: 'x', color: 'red' }, 'Must be a valid hex color', ['color']],
    // Title is checked first: with several bad fields the message is the title's, details name them all.
    [{ title: '', timeOfDay: 'custom' }, 'Title is required', ['customTime', 'title']],
  ])('POST /api/habits %j → %s', async (body, message, fields) => {
    const res = await call('POST', '/api/habits', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
    expect(res.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(fields);
  });

  it('PUT: field errors and the cross-field rules checked on the stored habit answer the spec message', async () => {
    const h = await createHabit({ frequency: 'custom', customFrequency: { type: 'days', days: [1, 3] } });
    let res = await call('PUT', `/api/habits/${h._id}`, { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Title is required');
    res = await call('PUT', `/api/habits/${h._id}`, { customFrequency: { type: 'days', days: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Please select at least one day',
      details: [{ field: 'customFrequency.days', key: 'validation.customWeekDay', message: 'Please select at least one day' }],
    });
    res = await call('PUT', `/api/habits/${h._id}`, { customFrequency: null });
    expect(res.json().error.message).toBe('Please select days and frequency');
  });

  it('POST /complete without a date names the field as required', async () => {
    const h = await createHabit();
    const res = await call('POST', `/api/habits/${h._id}/complete`, { status: 'complete' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'This field is required',
      details: [{ field: 'date', key: 'validation.required', message: 'This field is required' }],
    });
    const bad = await call('POST', `/api/habits/${h._id}/complete`, { date: '05/03/2025' });
    expect(bad.json().error.details).toEqual([{ field: 'date', key: 'validation.invalidDate', message: 'Please enter a valid date (YYYY-MM-DD)' }]);
  });
});

describe("completedToday ('Complete today' toggles completedToday for today's date)", () => {
  it('PUT completedToday true marks today complete in x-timezone, false clears it', async () => {
    const tz = 'Pacific/Kiritimati';
    const h = await createHabit({}, tz);
    let res = await call('PUT', `/api/habits/${h._id}`, { completedToday: true }, tz);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completedToday: true, currentStreak: 1, completionHistory: [{ date: today(tz), completed: true }] });
    // Sending the value it already has changes nothing.
    const again = await call('PUT', `/api/habits/${h._id}`, { completedToday: true }, tz);
    expect(again.json().version).toBe(res.json().version);
    res = await call('PUT', `/api/habits/${h._id}`, { completedToday: false }, tz);
    expect(res.json()).toMatchObject({ completedToday: false, completionHistory: [] });
  });

  it('a full copy from GET round-trips unchanged, and completedToday wins over a stale history for today', async () => {
    const t = today();
    const h = await createHabit({ startDate: addDays(t, -3) });
    await call('POST', `/api/habits/${h._id}/complete`, { date: addDays(t, -1) });
    const copy = (await call('GET', `/api/habits/${h._id}`)).json();
    const same = await call('PUT', `/api/habits/${h._id}`, copy);
    expect(same.json().version).toBe(copy.version);
    const res = await call('PUT', `/api/habits/${h._id}`, { ...copy, completedToday: true });
    expect(res.json().completionHistory.map((e: { date: string }) => e.date)).toEqual([addDays(t, -1), t]);
    expect(res.json().completedToday).toBe(true);
  });

  it('POST with completedToday true creates the habit completed today; a bad value is a 400 naming it', async () => {
    const h = await createHabit({ completedToday: true });
    expect(h).toMatchObject({ completedToday: true, completionHistory: [{ date: today(), status: 'complete', completed: true }] });
    const res = await call('POST', '/api/habits', { title: 'x', completedToday: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['completedToday']);
  });

  it('refuses completedToday on a day the habit is not scheduled', async () => {
    const weekday = new Date(`${today()}T00:00:00Z`).getUTCDay();
    const h = await createHabit({ frequency: 'custom', customFrequency: { type: 'days', days: [(weekday + 1) % 7] } });
    const res = await call('PUT', `/api/habits/${h._id}`, { completedToday: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The habit is not scheduled on this date');
  });
});

describe('DELETE /api/habits/{id}/complete?date= (design/sync.md §5)', () => {
  it('clears the day and answers the updated habit; the date is required; unknown habits are 404', async () => {
    const h = await createHabit();
    await call('POST', `/api/habits/${h._id}/complete`, { date: today(), status: 'complete' });
    const res = await call('DELETE', `/api/habits/${h._id}/complete?date=${today()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: h._id, completedToday: false, completionHistory: [] });
    const missing = await call('DELETE', `/api/habits/${h._id}/complete`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ field: 'date', key: 'validation.required', message: 'This field is required' }]);
    expect((await call('DELETE', `/api/habits/nope/complete?date=${today()}`)).statusCode).toBe(404);
  });
});

describe('customTime: required in HH:MM only for the custom time of day', () => {
  it("treats an empty customTime as none: accepted for other times of day, 'Please enter a custom time' for custom", async () => {
    const h = await createHabit({ timeOfDay: 'morning', customTime: '' });
    expect(h).toMatchObject({ timeOfDay: 'morning', customTime: null });
    let res = await call('POST', '/api/habits', { title: 'x', timeOfDay: 'custom', customTime: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Please enter a custom time', details: [{ field: 'customTime', key: 'validation.customTimeRequired' }] });
    res = await call('PUT', `/api/habits/${h._id}`, { timeOfDay: 'custom', customTime: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a custom time');
    res = await call('PUT', `/api/habits/${h._id}`, { timeOfDay: 'custom', customTime: '18:45' });
    expect(res.json()).toMatchObject({ timeOfDay: 'custom', customTime: '18:45' });
  });
});

describe('customFrequency {type, days, interval}', () => {
  it('accepts null for the unused one of days and interval, and still checks the used one', async () => {
    const days = await createHabit({ frequency: 'custom', customFrequency: { type: 'days', days: [1, 3], interval: null } });
    expect(days.customFrequency).toEqual({ type: 'days', days: [1, 3] });
    const every = await createHabit({ frequency: 'custom', customFrequency: { type: 'interval', days: null, interval: 2 } });
    expect(every.customFrequency).toEqual({ type: 'interval', interval: 2 });
    const res = await call('POST', '/api/habits', { title: 'x', frequency: 'custom', customFrequency: { type: 'interval', days: [], interval: null } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Please enter a valid interval (1 or more days)', details: [{ field: 'customFrequency.interval' }] });
    const noDays = await call('POST', '/api/habits', { title: 'x', frequency: 'custom', customFrequency: { type: 'days', days: null } });
    expect(noDays.json().error).toMatchObject({ message: 'Please select at least one day', details: [{ field: 'customFrequency.days' }] });
  });
});
