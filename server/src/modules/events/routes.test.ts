import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE, type EventImportInput } from '@adhd/shared/events/schema';
import { addDays, todayInZone } from '@adhd/shared/time';
import { useServerTest, type SeededUser } from '../../../test/kit.js';
import { writeImportedEvent, type ImportOutcome } from './import-write.js';

const t = useServerTest();
const { call } = t;

const timed = { startDate: '2025-05-05', startTime: '09:00', endTime: '10:00' };
const createEvent = (body: Record<string, unknown>, as?: SeededUser) => t.create('/api/events', { title: 'Meeting', ...timed, ...body }, as);
const fieldsOf = (res: { json(): { error: { details: { field: string }[] } } }) => res.json().error.details.map((d) => d.field).sort();
type Answer = { _id: string; eventId: string; title: string; startDate: string; startTime: string | null; isTask: boolean; completed: boolean };
const range = async (url: string, as: SeededUser = t.user, headers: Record<string, string> = {}) => {
  const res = await t.callAs(as, 'GET', url, undefined, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer[];
};

/** Imports through the server-only write path, in a stage of one write transaction (as ICS import does). */
async function importEvents(user: SeededUser, events: EventImportInput[]): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  await t.app.sync.run(
    user.id,
    async (_exec, _trx, stage) => stage(async (tx) => {
      for (const e of events) outcomes.push(await writeImportedEvent(tx, e));
    }),
    async () => null,
  );
  return outcomes;
}

describe('POST /api/events', () => {
  it('creates an event with the defaults, keeps a client _id, ignores stamps and server-only fields', async () => {
    const res = await call('POST', '/api/events', {
      _id: 'ev-client-1', title: 'Sneaky', ...timed, createdAt: '2000-01-01T00:00:00.000Z', updatedAt: 'x',
      source: 'google', readonly: true, uid: 'u', calendarId: 'c', sourceId: 's',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      _id: 'ev-client-1', title: 'Sneaky', description: '', endDate: null, allDay: false, timezone: null, recurrence: null, exdates: [],
      seriesId: null, originalStart: null, location: '', color: null, tags: [], reminders: [], details: {},
      source: 'local', sourceId: null, calendarId: null, uid: null, readonly: false, version: expect.any(Number),
    });
    expect(e.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it.each([
    ['the end before the start', { endDate: '2025-05-04' }, ['endDate']],
    ['an end time before the start time', { endTime: '08:59' }, ['endTime']],
    ['a malformed RRULE', { recurrence: 'FREQ=DAILY;BYHOUR=9' }, ['recurrence']],
    ['times that are not HH:mm', { startTime: '9h', endTime: '25:00' }, ['endTime', 'startTime']],
    ['a timed event without a start time', { startTime: null, endTime: null }, ['startTime']],
    ['a missing title and a bad date', { title: '', startDate: '2025-13-01' }, ['startDate', 'title']],
  ])('answers 400 naming the field for %s', async (_, body, fields) => {
    const res = await call('POST', '/api/events', { title: 'Meeting', ...timed, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('answers 401 without a token', async () => {
    expect((await t.callAs(null, 'GET', '/api/events')).statusCode).toBe(401);
    expect((await t.callAs(null, 'GET', '/api/events/by-day?date=2025-05-05')).statusCode).toBe(401);
  });
});

describe('GET, PUT, DELETE /api/events/:id', () => {
  it('lists, reads, updates (stripping _id and stamps from the body) and deletes', async () => {
    const e = await createEvent({ title: 'Edit me' });
    const list = (await call('GET', '/api/events')).json();
    expect(list).toContainEqual(e);
    expect((await call('GET', `/api/events/${e._id}`)).json()).toEqual(e);
    const res = await call('PUT', `/api/events/${e._id}`, { ...e, _id: 'other', createdAt: 'x', updatedAt: 'y', title: 'Edited', location: 'Room 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: e._id, title: 'Edited', location: 'Room 2', createdAt: e.createdAt });
    expect(fieldsOf(await call('PUT', `/api/events/${e._id}`, { endTime: '08:00' }))).toEqual(['endTime']);
    expect((await call('DELETE', `/api/events/${e._id}`)).json()).toEqual({ success: true });
    const gone = await call('GET', `/api/events/${e._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Event not found' } });
  });

  it.each([
    ['readonly', { source: 'ics', readonly: true }],
    ['from Google', { source: 'google' }],
  ] as const)('answers 403 to PUT and DELETE of a read-only event (%s)', async (name, fields) => {
    await importEvents(t.user, [{ title: `RO ${name}`, startDate: '2025-05-05', allDay: true, uid: `ro-${name}`, ...fields }]);
    const ro = ((await call('GET', '/api/events')).json() as { _id: string; title: string }[]).find((e) => e.title === `RO ${name}`)!;
    const forbidden = { error: { code: 'FORBIDDEN', message: READ_ONLY_MESSAGE } };
    for (const res of [await call('PUT', `/api/events/${ro._id}`, { title: 'x' }), await call('PUT', `/api/events/${ro._id}`, {}), await call('DELETE', `/api/events/${ro._id}`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await call('GET', `/api/events/${ro._id}`)).json().title).toBe(`RO ${name}`);
  });
});

describe('the server-only import write', () => {
  it('creates, then changes nothing for the same event, then updates; an override gets its own id', async () => {
    const user = await t.seedUser();
    const series: EventImportInput = { title: 'Imported', ...timed, recurrence: 'FREQ=WEEKLY;COUNT=3', uid: 'uid-1@example.com', source: 'ics' };
    const override: EventImportInput = { ...series, recurrence: null, startDate: '2025-05-12', startTime: '15:00', endTime: '16:00', uid: 'uid-1@example.com', seriesId: '', originalStart: '2025-05-12T09:00' };
    const list = async () => (await t.callAs(user, 'GET', '/api/events')).json() as { _id: string; uid: string; source: string }[];
    const seriesId = (await importEvents(user, [series]), (await list())[0]!._id);
    expect(await importEvents(user, [{ ...override, seriesId }])).toEqual(['created']);
    expect(await importEvents(user, [series, { ...override, seriesId }])).toEqual(['unchanged', 'unchanged']);
    expect(await importEvents(user, [{ ...series, title: 'Renamed' }])).toEqual(['updated']);
    expect((await list()).map((e) => [e.uid, e.source])).toEqual([['uid-1@example.com', 'ics'], ['uid-1@example.com', 'ics']]);
    const week = await range('/api/events/by-days?from=2025-05-01&to=2025-05-31', user);
    expect(week.map((o) => `${o.startDate} ${o.startTime} ${o.title}`)).toEqual(['2025-05-05 09:00 Renamed', '2025-05-12 15:00 Imported', '2025-05-19 09:00 Renamed']);
  });

  it('is not a mutation a client can push', async () => {
    const user = await t.seedUser();
    const res = await t.push(user, 'import-client-1', [{ id: 1, name: 'event.import', args: { title: 'x', startDate: '2025-05-05', allDay: true, uid: 'u', source: 'google' } }]);
    expect(JSON.stringify(res.json())).toContain('Unknown mutation event.import');
    expect((await t.callAs(user, 'GET', '/api/events')).json()).toEqual([]);
  });
});

describe('range routes', () => {
  it('expands a series, keeps overrides and exdates, and shows tasks with a due date as task events', async () => {
    const user = await t.seedUser();
    const s = await createEvent({ title: 'Standup', recurrence: 'FREQ=DAILY;COUNT=4', exdates: ['2025-05-06T09:00'] }, user);
    await t.create('/api/tasks', { title: 'Pay rent', dueDate: '2025-05-07', completed: true }, user);
    await t.create('/api/tasks', { title: 'Call', dueDate: '2025-05-08', time: '14:00' }, user);
    await t.create('/api/tasks', { title: 'No date' }, user);
    const days = await range('/api/events/by-days?from=2025-05-05&to=2025-05-08', user);
    expect(days.map((o) => [o._id.replace(/task_.*/, 'task'), o.startDate, o.startTime, o.title, o.isTask, o.completed])).toEqual([
      [`${s._id}::2025-05-05T09:00`, '2025-05-05', '09:00', 'Standup', false, false],
      ['task', '2025-05-07', null, 'Pay rent', true, true],
      [`${s._id}::2025-05-07T09:00`, '2025-05-07', '09:00', 'Standup', false, false],
      [`${s._id}::2025-05-08T09:00`, '2025-05-08', '09:00', 'Standup', false, false],
      ['task', '2025-05-08', '14:00', 'Call', true, false],
    ]);
    expect(days[0]).toMatchObject({ eventId: s._id, seriesId: s._id, originalStart: '2025-05-05T09:00', timed: true, recurrence: 'FREQ=DAILY;COUNT=4', version: s.version });
    expect(days[1]).toMatchObject({ source: 'task', timed: false, details: { completed: true } });
    expect((await range('/api/events/by-day?date=2025-05-06', user)).map((o) => o.title)).toEqual([]);
    // The answer is built as JSON text: every key appears once per occurrence.
    const raw = (await t.callAs(user, 'GET', '/api/events/by-days?from=2025-05-05&to=2025-05-08')).payload;
    for (const key of ['_id', 'isTask', 'startDate', 'seriesId', 'title']) expect(raw.match(new RegExp(`"${key}":`, 'g'))).toHaveLength(days.length);
  });

  it('answers all-day spans on every day, the week by its start day and the calendar month', async () => {
    const user = await t.seedUser();
    await createEvent({ title: 'Trip', startDate: '2025-05-30', endDate: '2025-06-02', allDay: true }, user);
    await createEvent({ title: 'June 1st', startDate: '2025-06-01', allDay: true }, user);
    await createEvent({ title: 'Sunday 8', startDate: '2025-06-08', startTime: '10:00', endTime: '11:00' }, user);
    expect((await range('/api/events/by-day?date=2025-06-02', user)).map((o) => o.title)).toEqual(['Trip']);
    expect((await range('/api/events/by-month?date=2025-05-15', user)).map((o) => o.title)).toEqual(['Trip']);
    expect((await range('/api/events/by-month?date=2025-06-30', user)).map((o) => o.title)).toEqual(['Trip', 'June 1st', 'Sunday 8']);
    // 2025-06-04 is a Wednesday: a week from Sunday (default) holds Sunday 1 June; one from Monday holds Sunday 8 June.
    expect((await range('/api/events/by-week?date=2025-06-04', user)).map((o) => o.title)).toEqual(['Trip', 'June 1st']);
    expect((await range('/api/events/by-week?date=2025-06-04&weekStartDay=1', user)).map((o) => o.title)).toEqual(['Trip', 'Sunday 8']);
  });

  it.each([
    ['/api/events/by-day', ['date']],
    ['/api/events/by-day?date=2025-02-30', ['date']],
    ['/api/events/by-days?from=2025-05-10&to=2025-05-01', ['to']],
    ['/api/events/by-days?from=2025-01-01&to=2025-03-05', ['to']],
    ['/api/events/by-days?from=yesterday&to=2025-05-01', ['from']],
    ['/api/events/by-week?date=2025-05-05&weekStartDay=7', ['weekStartDay']],
    ['/api/events/by-month?date=2025-05', ['date']],
  ])('answers 400 naming the field for %s', async (url, fields) => {
    const res = await call('GET', url);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('reads the zone from x-timezone: dates and times, and today for upcoming', async () => {
    const user = await t.seedUser();
    await createEvent({ title: 'NY evening', startDate: '2025-06-30', startTime: '20:00', endTime: '21:00', timezone: 'America/New_York' }, user);
    const berlin = await range('/api/events/by-day?date=2025-07-01', user, { 'x-timezone': 'Europe/Berlin' });
    expect(berlin.map((o) => [o.title, o.startDate, o.startTime])).toEqual([['NY evening', '2025-07-01', '02:00']]);
    expect(await range('/api/events/by-day?date=2025-07-01', user, { 'x-timezone': 'America/New_York' })).toEqual([]);

    const zone = 'Pacific/Kiritimati';
    const today = todayInZone(new Date(), zone);
    for (const [title, offset] of [['yesterday', -1], ['today', 0], ['in six days', 6], ['in seven days', 7]] as const) {
      await createEvent({ title, startDate: addDays(today, offset), allDay: true }, user);
    }
    const upcoming = await range('/api/events/upcoming', user, { 'x-timezone': zone });
    expect(upcoming.map((o) => o.title)).toEqual(['today', 'in six days']);
  });
});

describe('isolation', () => {
  it("never shows or changes another user's events", async () => {
    const owner = await t.seedUser();
    const intruder = await t.seedUser();
    const mine = await createEvent({ title: 'Private', recurrence: 'FREQ=DAILY' }, owner);
    await t.create('/api/tasks', { title: 'Private task', dueDate: '2025-05-05' }, owner);
    const as = (method: 'GET' | 'PUT' | 'DELETE', body?: object) => t.callAs(intruder, method, `/api/events/${mine._id}`, body);
    expect((await as('GET')).statusCode).toBe(404);
    expect((await as('PUT', { title: 'pwned' })).statusCode).toBe(404);
    expect((await as('DELETE')).statusCode).toBe(404);
    expect((await t.callAs(intruder, 'GET', '/api/events')).json()).toEqual([]);
    for (const url of ['/api/events/by-day?date=2025-05-05', '/api/events/by-days?from=2025-05-01&to=2025-05-31', '/api/events/by-week?date=2025-05-05', '/api/events/by-month?date=2025-05-05']) {
      expect(await range(url, intruder)).toEqual([]);
      expect((await range(url, owner)).length).toBeGreaterThan(0);
    }
    const clash = await createEvent({ _id: mine._id, title: 'Mine too' }, intruder);
    expect(clash._id).toBe(mine._id);
    expect((await t.callAs(owner, 'GET', `/api/events/${mine._id}`)).json().title).toBe('Private');
  });
});
