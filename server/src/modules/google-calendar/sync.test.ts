import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEventId } from '@adhd/shared/google/types';
import { addDays } from '@adhd/shared/time';
import { FAKE_PRIMARY, startFakeGoogle, type FakeGoogle } from '../../../test/fakes/google-calendar.js';
import { connect, googleBuild, googleConfig, googleEvents, sync } from '../../../test/google-calendar.js';
import { useServerTest, type ServerTestOptions } from '../../../test/kit.js';
import { googleRowId } from './mapping.js';

/**
 * The import end to end over HTTP against the fake Google: connect, the mapping of every kind of event (all-day,
 * timed in a zone, UTC, recurring with EXDATE, an exception, a cancelled occurrence), replication to a device,
 * visibility, incremental sync, 410, cancelled events, and one failing or slow calendar beside a good one.
 */

const today = new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(today, n);
const compact = (d: string) => d.replaceAll('-', '');
const WORK = 'work';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  google.state.addCalendar({ id: WORK, summary: 'Work', backgroundColor: '#0B8043', timeZone: 'Asia/Tokyo', description: 'Team' });
  const s = google.state;
  s.putEvent(FAKE_PRIMARY, { id: 'allday1', summary: 'Trip', start: { date: day(5) }, end: { date: day(8) } });
  s.putEvent(FAKE_PRIMARY, { id: 'tokyo1', summary: 'Call', start: { dateTime: `${day(3)}T10:00:00+09:00`, timeZone: 'Asia/Tokyo' }, end: { dateTime: `${day(3)}T11:30:00+09:00`, timeZone: 'Asia/Tokyo' } });
  // Given in UTC, shown in its own zone: 23:00 the evening before, ending at midnight.
  s.putEvent(FAKE_PRIMARY, { id: 'utc1', summary: 'Yoga', location: 'Studio', start: { dateTime: `${day(4)}T04:00:00Z`, timeZone: 'America/Panama' }, end: { dateTime: `${day(4)}T05:00:00Z` } });
  s.putEvent(WORK, {
    id: 'rec1',
    summary: 'Standup',
    start: { dateTime: `${day(1)}T08:00:00+09:00`, timeZone: 'Asia/Tokyo' },
    end: { dateTime: `${day(1)}T08:15:00+09:00`, timeZone: 'Asia/Tokyo' },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5', `EXDATE;TZID=Asia/Tokyo:${compact(day(8))}T080000`],
  });
  s.putEvent(WORK, {
    id: 'rec1_moved',
    recurringEventId: 'rec1',
    summary: 'Standup (moved)',
    originalStartTime: { dateTime: `${day(15)}T08:00:00+09:00`, timeZone: 'Asia/Tokyo' },
    start: { dateTime: `${day(15)}T09:00:00+09:00`, timeZone: 'Asia/Tokyo' },
    end: { dateTime: `${day(15)}T09:15:00+09:00`, timeZone: 'Asia/Tokyo' },
  });
  s.putEvent(WORK, { id: 'old1', summary: 'Long ago', start: { date: day(-90) }, end: { date: day(-89) } });
  s.maxPage = 2; // every listing pages
});
afterAll(() => google.close());

const t = useServerTest({
  get config() {
    return googleConfig(google);
  },
  build: googleBuild(),
} as ServerTestOptions);

describe('Google Calendar sync', () => {
  it('connects, lists the calendars (primary first, colours, all visible) and imports the window read-only', async () => {
    await connect(t.app, t.user);
    const status = (await t.call('GET', '/api/google/calendar/status')).json();
    expect(status).toMatchObject({ connected: true, available: true, message: null });
    expect(typeof status.lastSyncAt).toBe('string');

    const { calendars } = (await t.call('GET', '/api/google/calendar/calendars')).json();
    expect(calendars).toEqual([
      expect.objectContaining({ id: FAKE_PRIMARY, summary: 'Personal', visible: true, color: null, primary: true }),
      expect.objectContaining({ id: WORK, summary: 'Work', visible: true, color: '#0b8043', primary: false, description: 'Team', htmlLink: expect.stringContaining('work') }),
    ]);

    const events = await googleEvents(t.app, t.user);
    expect([...events.keys()].sort()).toEqual([`${FAKE_PRIMARY}/allday1`, `${FAKE_PRIMARY}/tokyo1`, `${FAKE_PRIMARY}/utc1`, `${WORK}/rec1`, `${WORK}/rec1_moved`]);
    const trip = events.get(`${FAKE_PRIMARY}/allday1`)!;
    expect(trip).toMatchObject({ title: 'Trip', allDay: true, startDate: day(5), endDate: day(7), startTime: null, timezone: null, readonly: true, source: 'google', color: null, uid: 'allday1@google.com' });
    expect(trip._id).toBe(googleRowId(FAKE_PRIMARY, 'allday1'));
    expect(trip._id).toBe('google_me@example.com_allday1');
    expect(events.get(`${FAKE_PRIMARY}/tokyo1`)).toMatchObject({ startDate: day(3), startTime: '10:00', endTime: '11:30', endDate: null, timezone: 'Asia/Tokyo', allDay: false });
    expect(events.get(`${FAKE_PRIMARY}/utc1`)).toMatchObject({ startDate: day(3), startTime: '23:00', endDate: day(4), endTime: '00:00', timezone: 'America/Panama', location: 'Studio' });

    const series = events.get(`${WORK}/rec1`)!;
    expect(series._id).toBe(googleEventId(WORK, 'rec1')); // a calendar id that is a valid app id is kept as is
    expect(series).toMatchObject({ color: '#0b8043', recurrence: 'FREQ=WEEKLY;COUNT=5', exdates: [`${day(8)}T08:00`], startTime: '08:00', timezone: 'Asia/Tokyo' });
    expect(events.get(`${WORK}/rec1_moved`)).toMatchObject({ seriesId: series._id, originalStart: `${day(15)}T08:00`, startTime: '09:00', recurrence: null, title: 'Standup (moved)' });
  });

  it('reaches a device through the normal replication, and the rows refuse every change', async () => {
    const phone = t.device();
    await phone.pull();
    const row = await phone.base.get<{ title: string; readonly: boolean }>('event', googleRowId(FAKE_PRIMARY, 'tokyo1'));
    expect(row?.data).toMatchObject({ title: 'Call', readonly: true });
    const put = await t.call('PUT', `/api/events/${googleRowId(FAKE_PRIMARY, 'tokyo1')}`, { title: 'Mine now' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe('This event is read-only and cannot be modified');
    expect((await t.call('DELETE', `/api/events/${googleRowId(FAKE_PRIMARY, 'tokyo1')}`)).statusCode).toBe(403);
  });

  it('answers the stored events of the asked calendars overlapping a range', async () => {
    const res = await t.call('GET', `/api/google/calendar/events?start=${day(4)}&end=${day(6)}&calendars=${encodeURIComponent(FAKE_PRIMARY)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().events.map((e: { sourceId: string }) => e.sourceId).sort()).toEqual(['allday1', 'utc1']); // utc1 ends on day 4
    const both = await t.call('GET', `/api/google/calendar/events?start=${day(0)}&end=${day(30)}&calendars=${encodeURIComponent(`${FAKE_PRIMARY},${WORK}`)}`);
    expect(both.json().events).toHaveLength(5);
    const bad = await t.call('GET', `/api/google/calendar/events?start=${day(6)}&end=${day(4)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('end');
  });

  it('syncs incrementally: a changed event is updated, a cancelled one and a cancelled occurrence disappear', async () => {
    google.state.changeEvent(FAKE_PRIMARY, 'tokyo1', { summary: 'Call (new room)' });
    google.state.cancelEvent(FAKE_PRIMARY, 'utc1');
    google.state.putEvent(WORK, { id: 'rec1_gone', recurringEventId: 'rec1', status: 'cancelled', originalStartTime: { dateTime: `${day(22)}T08:00:00+09:00`, timeZone: 'Asia/Tokyo' } });
    const before = google.eventRequests(FAKE_PRIMARY).length;
    const res = await sync(t.app, t.user, [FAKE_PRIMARY, WORK]);
    expect(res.statusCode).toBe(200);
    expect(res.json().savedEvents).toBe(2); // the changed event and the series' new exdate
    const asked = google.eventRequests(FAKE_PRIMARY).slice(before);
    expect(asked.every((r) => r.query.has('syncToken') && !r.query.has('timeMin'))).toBe(true);
    const events = await googleEvents(t.app, t.user);
    expect(events.get(`${FAKE_PRIMARY}/tokyo1`)?.title).toBe('Call (new room)');
    expect(events.has(`${FAKE_PRIMARY}/utc1`)).toBe(false);
    expect(events.get(`${WORK}/rec1`)?.exdates).toEqual([`${day(8)}T08:00`, `${day(22)}T08:00`]);
    // Nothing changed since: nothing saved.
    expect((await sync(t.app, t.user, [FAKE_PRIMARY, WORK])).json().savedEvents).toBe(0);
  });

  it('syncs fully after 410 Gone, removing what Google no longer lists', async () => {
    google.state.expireSyncTokens(FAKE_PRIMARY);
    // Gone from Google without a cancellation the client could see (e.g. the token window was lost).
    google.state.cancelEvent(FAKE_PRIMARY, 'allday1');
    const before = google.eventRequests(FAKE_PRIMARY).length;
    expect((await sync(t.app, t.user, [FAKE_PRIMARY])).statusCode).toBe(200);
    const asked = google.eventRequests(FAKE_PRIMARY).slice(before);
    expect(asked[0]!.query.has('syncToken')).toBe(true);
    expect(asked.slice(1).some((r) => r.query.has('timeMin') && !r.query.has('syncToken'))).toBe(true);
    expect((await googleEvents(t.app, t.user)).has(`${FAKE_PRIMARY}/allday1`)).toBe(false);
  });

  it('with no calendar asked it saves nothing and does not call Google', async () => {
    const before = google.requests.length;
    const res = await sync(t.app, t.user, []);
    expect(res.json()).toEqual({ savedEvents: 0 });
    expect(google.requests.length).toBe(before);
  });

  it('turning a calendar off removes its events from every device; on again brings them back', async () => {
    const phone = t.device();
    await phone.pull();
    const off = await t.call('POST', '/api/google/calendar/visibility', { calendarId: WORK, visible: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().calendar).toMatchObject({ id: WORK, visible: false });
    await phone.pull();
    expect((await phone.base.get('event', googleEventId(WORK, 'rec1')))?.deleted ?? true).toBe(true);
    expect([...(await googleEvents(t.app, t.user)).keys()].some((k) => k.startsWith(`${WORK}/`))).toBe(false);
    // A hidden calendar is not synced even when asked.
    const before = google.eventRequests(WORK).length;
    await sync(t.app, t.user, [WORK]);
    expect(google.eventRequests(WORK).length).toBe(before);

    const on = await t.call('POST', '/api/google/calendar/visibility', { calendarId: WORK, visible: true });
    expect(on.json().calendar.visible).toBe(true);
    expect((await googleEvents(t.app, t.user)).get(`${WORK}/rec1`)?.title).toBe('Standup');
    expect((await t.call('POST', '/api/google/calendar/visibility', { calendarId: 'nope', visible: true })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/google/calendar/visibility', { calendarId: WORK })).statusCode).toBe(400);
  });

  it('a failing (500) and a slow (11 s) calendar do not hold up the others; all failing is 502', async () => {
    google.state.addCalendar({ id: 'slow', summary: 'Slow' });
    google.state.addCalendar({ id: 'broken', summary: 'Broken' });
    expect((await t.call('GET', '/api/google/calendar/calendars')).json().calendars).toHaveLength(4);
    google.slowCalendar('slow', 11_000);
    google.failCalendar('broken', 500);
    google.state.changeEvent(FAKE_PRIMARY, 'tokyo1', { summary: 'Call (again)' });
    const res = await sync(t.app, t.user, [FAKE_PRIMARY, 'slow', 'broken']);
    expect(res.statusCode).toBe(200);
    expect(res.json().savedEvents).toBe(1);
    const failed = await sync(t.app, t.user, ['slow', 'broken']);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({ code: 'GOOGLE_UNAVAILABLE_UPSTREAM', message: 'Google did not answer; try again in a minute' });
    google.slowCalendar('slow', null);
    google.failCalendar('broken', null);
  });
});
