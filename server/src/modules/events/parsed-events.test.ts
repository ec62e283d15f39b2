import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';
import { ParsedEvents } from './parsed-events.js';
import { occurrencesAnswer } from './repository.js';

const t = useServerTest({ each: true });

const timed = { startDate: '2025-05-05', startTime: '09:00', endTime: '10:00' };
const createEvent = (title: string, body: Record<string, unknown> = {}) => t.create('/api/events', { title, ...timed, ...body });
const titles = async (cache: ParsedEvents, userId = t.user.id) => (await cache.live(t.app.db, userId)).map((e) => e.title).sort();
const month = async () => {
  const res = await t.call('GET', '/api/events/by-month?date=2025-05-15');
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string; location: string }[]).map((o) => `${o.title}@${o.location}`).sort();
};

describe('the parsed events of the range routes', () => {
  it('answers the same object for an unchanged row and a fresh one after an update, without deleted rows', async () => {
    const cache = new ParsedEvents();
    const a = await createEvent('A');
    const b = await createEvent('B');
    const first = await cache.live(t.app.db, t.user.id);
    expect(first.map((e) => e.title).sort()).toEqual(['A', 'B']);
    expect(first.find((e) => e._id === a._id)).toMatchObject({ title: 'A', version: a.version, createdAt: a.createdAt, updatedAt: a.updatedAt, exdates: [] });

    expect((await t.call('PUT', `/api/events/${a._id}`, { title: 'A2' })).statusCode).toBe(200);
    const second = await cache.live(t.app.db, t.user.id);
    expect(second.find((e) => e._id === b._id)).toBe(first.find((e) => e._id === b._id));
    expect(second.find((e) => e._id === a._id)).toMatchObject({ title: 'A2' });

    expect((await t.call('DELETE', `/api/events/${b._id}`)).statusCode).toBe(200);
    expect(await titles(cache)).toEqual(['A2']);
  });

  it('reads every row at once when most are missing, and by id when a few are', async () => {
    const cache = new ParsedEvents();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createEvent(`E${i}`))._id);
    expect(await titles(cache)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5']);
    await t.call('PUT', `/api/events/${ids[2]}`, { title: 'X2' });
    await createEvent('E6');
    expect(await titles(cache)).toEqual(['E0', 'E1', 'E3', 'E4', 'E5', 'E6', 'X2']);
  });

  it('keeps each user to their own rows', async () => {
    const cache = new ParsedEvents();
    const other = await t.seedUser('other-events@example.com');
    await createEvent('Mine');
    await t.create('/api/events', { title: 'Theirs', ...timed }, other);
    expect(await titles(cache)).toEqual(['Mine']);
    expect(await titles(cache, other.id)).toEqual(['Theirs']);
    expect(await titles(cache)).toEqual(['Mine']);
  });

  it('holds at most its bound of event JSON, dropping the least recently used', async () => {
    for (let i = 0; i < 20; i++) await createEvent(`Event ${i}`, { description: 'x'.repeat(200) });
    const cache = new ParsedEvents(2_000);
    expect((await titles(cache)).length).toBe(20);
    expect(cache.size.chars).toBeLessThanOrEqual(2_000);
    expect(cache.size.entries).toBeGreaterThan(0);
    expect(cache.size.entries).toBeLessThan(20);
    // Still right when most of what a request needs was dropped.
    expect((await titles(cache)).length).toBe(20);
    expect(cache.size.chars).toBeLessThanOrEqual(2_000);
  });

  it('drops the users read least recently first, and forgets deleted rows', async () => {
    const other = await t.seedUser('other-events@example.com');
    const mine = await createEvent('Mine', { description: 'x'.repeat(300) });
    await t.create('/api/events', { title: 'Theirs', ...timed, description: 'y'.repeat(300) }, other);
    const cache = new ParsedEvents(1_000);
    await titles(cache);
    const held = cache.size.chars;
    expect(cache.size.entries).toBe(1);
    await titles(cache, other.id);
    expect(cache.size).toEqual({ entries: 1, chars: expect.any(Number) });
    expect(await titles(cache)).toEqual(['Mine']);
    expect(cache.size).toEqual({ entries: 1, chars: held });
    await t.call('DELETE', `/api/events/${mine._id}`);
    expect(await titles(cache)).toEqual([]);
    expect(cache.size).toEqual({ entries: 0, chars: 0 });
  });

  it('answers the list it holds while the user writes nothing, and reads again after any write', async () => {
    const cache = new ParsedEvents();
    await createEvent('A');
    const first = await cache.current(t.app.db, t.user.id);
    expect(await cache.current(t.app.db, t.user.id)).toBe(first);
    // A write of another type raises the counter too: the events are checked again (and found unchanged).
    expect((await t.call('POST', '/api/tasks', { title: 'Task' })).statusCode).toBe(201);
    const second = await cache.current(t.app.db, t.user.id);
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    const b = await createEvent('B');
    expect((await cache.current(t.app.db, t.user.id)).map((e) => e.title).sort()).toEqual(['A', 'B']);
    await t.call('DELETE', `/api/events/${b._id}`);
    expect((await cache.current(t.app.db, t.user.id)).map((e) => e.title)).toEqual(['A']);
    expect(cache.size.entries).toBe(1);
  });

  it('shows an edit in the next range answer after a cached one', async () => {
    const e = await createEvent('Before', { location: 'Room 1' });
    await createEvent('Other');
    expect(await month()).toEqual(['Before@Room 1', 'Other@']);
    expect((await t.call('PUT', `/api/events/${e._id}`, { title: 'After', location: 'Room 2' })).statusCode).toBe(200);
    expect(await month()).toEqual(['After@Room 2', 'Other@']);
    expect((await t.call('DELETE', `/api/events/${e._id}`)).statusCode).toBe(200);
    expect(await month()).toEqual(['Other@']);
  });
});

describe('occurrencesAnswer', () => {
  it('writes the same occurrences as one UTF-8 buffer or, past maxBytes, as JSON texts to stream', async () => {
    await createEvent('Встреча 日本 😀', { description: 'é'.repeat(300), recurrence: 'FREQ=DAILY;COUNT=3' });
    await createEvent('ASCII', { allDay: true, startTime: null, endTime: null, startDate: '2025-05-06' });
    await t.create('/api/tasks', { title: 'Задача', dueDate: '2025-05-07' });
    const range = { from: '2025-05-01', to: '2025-05-31' };
    const whole = await occurrencesAnswer(t.app.db, t.user.id, range, 'Europe/Berlin', 1_000_000);
    const items = await occurrencesAnswer(t.app.db, t.user.id, range, 'Europe/Berlin', 100);
    if (!Buffer.isBuffer(whole) || Buffer.isBuffer(items)) throw new Error('expected a buffer, then JSON texts');
    const parsed = JSON.parse(whole.toString('utf8')) as { title: string; startDate: string; description: string }[];
    expect(parsed).toEqual(items.map((i) => JSON.parse(i)));
    expect(parsed.map((o) => `${o.startDate} ${o.title}`)).toEqual([
      '2025-05-05 Встреча 日本 😀',
      '2025-05-06 ASCII',
      '2025-05-06 Встреча 日本 😀',
      '2025-05-07 Задача',
      '2025-05-07 Встреча 日本 😀',
    ]);
    expect(parsed[0]!.description).toBe('é'.repeat(300));
  });

  it('answers an empty range as an empty JSON array', async () => {
    const res = await t.call('GET', '/api/events/by-month?date=2025-05-15');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([]);
  });
});
