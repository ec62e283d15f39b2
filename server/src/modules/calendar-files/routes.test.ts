import { describe, expect, it } from 'vitest';
import { MAX_EXDATES } from '@adhd/shared/events/schema';
import { addDays } from '@adhd/shared/time';
import { GOOGLE_EXPORT, OUTLOOK_EXPORT } from '../../../test/ics-files.js';
import { LEAKS, seedUser, useServerTest, withTestApp, type Caller, type ServerTest } from '../../../test/kit.js';
import { ICS_MAX_BYTES } from './routes.js';

const t = useServerTest();
const ICS = { 'content-type': 'text/calendar' };
const importAs = (as: Caller, text: string, headers: Record<string, string> = {}) => t.callAs(as, 'POST', '/api/events/ics', text, { ...ICS, 'x-timezone': 'Europe/Berlin', ...headers });
const version = (userId: string) => t.app.sync.currentVersion(userId);
/** The calendar without its DTSTAMP lines (the time of the answer). */
const undated = (text: string) => text.replace(/^DTSTAMP:.*\r\n/gm, '');

async function eventsOf(fx: ServerTest, as: Caller) {
  const res = await fx.callAs(as, 'GET', '/api/events/ics');
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('POST /api/events/ics', () => {
  it('imports a file, and the same file again changes nothing', async () => {
    const ann = await t.seedUser();
    const first = await importAs(ann, GOOGLE_EXPORT);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ imported: 4, updated: 0, skipped: 1 });
    const after = await version(ann.id);
    expect(after).toBeGreaterThan(0);

    const second = await importAs(ann, GOOGLE_EXPORT);
    expect(second.json()).toEqual({ imported: 0, updated: 0, skipped: 5 });
    expect(await version(ann.id)).toBe(after);
  });

  it('updates only the events whose fields changed, and devices pull them', async () => {
    const bob = await t.seedUser();
    const phone = t.device(bob);
    await importAs(bob, OUTLOOK_EXPORT);
    await phone.pull();
    const changed = OUTLOOK_EXPORT.replace('SUMMARY;LANGUAGE=en-us:Planning', 'SUMMARY;LANGUAGE=en-us:Planning (moved)').replace('LOCATION:Teams', 'LOCATION:Room 1');
    const res = await importAs(bob, changed, { 'content-type': 'text/plain' });
    expect(res.json()).toEqual({ imported: 0, updated: 1, skipped: 3 });
    await phone.pull();
    const events = phone.liveRows('event').map((r) => r.data);
    const planning = events.find((e) => String(e.title).startsWith('Planning'));
    expect(planning).toMatchObject({ title: 'Planning (moved)', location: 'Room 1', source: 'ics', timezone: 'Europe/Berlin', recurrence: 'FREQ=MONTHLY;COUNT=6;BYDAY=3WE' });
    expect(events).toHaveLength(4);
  });

  it('answers 400 naming the file for a broken file, and writes nothing', async () => {
    const cara = await t.seedUser();
    for (const text of ['not a calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20250101\r\n']) {
      const res = await importAs(cara, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', details: [{ field: 'file' }] });
      expect(res.body).not.toMatch(LEAKS);
    }
    const json = await t.callAs(cara, 'POST', '/api/events/ics', { events: [] });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details).toEqual([expect.objectContaining({ field: 'file' })]);
    expect(await version(cara.id)).toBe(0);
  });

  it('refuses a file over the size limit with 413, and asks for a login', async () => {
    const big = `BEGIN:VCALENDAR\r\n${'X-FILLER:'.padEnd(70, 'x')}\r\n`.repeat(Math.ceil(ICS_MAX_BYTES / 70));
    expect((await importAs(t.user, big)).statusCode).toBe(413);
    expect((await importAs(null, GOOGLE_EXPORT)).statusCode).toBe(401);
  });

  it('skips VEVENTs the shared event rules refuse, importing the rest', async () => {
    // 1,001 removed days: one more than an event may hold (MAX_EXDATES).
    const exdates = Array.from({ length: MAX_EXDATES + 1 }, (_, i) => addDays('2025-01-02', i).replaceAll('-', ''));
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT', 'UID:too-many', 'SUMMARY:Too many exdates', 'DTSTART;VALUE=DATE:20250101', 'RRULE:FREQ=DAILY', `EXDATE;VALUE=DATE:${exdates.join(',')}`, 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:count', 'SUMMARY:Too many times', 'DTSTART;VALUE=DATE:20250101', 'RRULE:FREQ=DAILY;COUNT=5000', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:fine', 'SUMMARY:Fine', 'DTSTART;VALUE=DATE:20250101', 'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const eli = await t.seedUser();
    expect((await importAs(eli, text)).json()).toEqual({ imported: 1, updated: 0, skipped: 2 });
  });

  it('never overwrites a read-only (Google) event', async () => {
    const dan = await t.seedUser();
    const data = { title: 'From Google', description: '', location: '', startDate: '2025-07-14', endDate: null, startTime: '16:00', endTime: '17:00', allDay: false, timezone: 'Europe/Berlin', recurrence: null, exdates: [], seriesId: null, originalStart: null, color: null, tags: [], reminders: [], details: {}, source: 'google', sourceId: 'g1', calendarId: 'primary', uid: '0a1b2c3d4e5f@google.com', readonly: true };
    await t.app.sync.run(dan.id, (_exec, _trx, stage) => stage((tx) => tx.put('event', 'google_g1', data)), async () => null);
    const res = await importAs(dan, GOOGLE_EXPORT);
    expect(res.json()).toEqual({ imported: 3, updated: 0, skipped: 2 });
    const text = await eventsOf(t, dan);
    expect(text).toContain('SUMMARY:From Google');
    expect(text).not.toContain('SUMMARY:Dentist');
  });
});

describe('GET /api/events/ics', () => {
  it('answers every event of the user as an attachment, and only theirs', async () => {
    const [eve, fay] = [await t.seedUser(), await t.seedUser()];
    await importAs(eve, GOOGLE_EXPORT);
    const res = await t.callAs(eve, 'GET', '/api/events/ics');
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="calendar.ics"');
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(res.body).toContain('UID:5k2q0b7q1ps1m2r3h3n6b0abcd@google.com');
    const other = await eventsOf(t, fay);
    expect(other).not.toContain('BEGIN:VEVENT');
    expect((await t.callAs(null, 'GET', '/api/events/ics')).statusCode).toBe(401);
  });
});

describe('calendar feed', () => {
  const tokenOf = (url: string) => /\/ics\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;

  it('makes a secret URL that serves the export without login, rotated and revoked on request', async () => {
    const gus = await t.seedUser();
    await importAs(gus, OUTLOOK_EXPORT);
    expect((await t.callAs(gus, 'GET', '/api/calendar-feed')).json()).toEqual({ active: false, createdAt: null });

    const made = await t.callAs(gus, 'POST', '/api/calendar-feed', undefined, { host: 'cal.example.org' });
    expect(made.statusCode).toBe(200);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^http:\/\/cal\.example\.org\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.callAs(gus, 'GET', '/api/calendar-feed')).json()).toMatchObject({ active: true, createdAt: expect.any(String) });

    const feed = await t.callAs(null, 'GET', `/ics/${tokenOf(url)}.ics`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    // The export in the account's zone (seeded users have UTC) is what the feed serves.
    expect(undated(feed.body)).toBe(undated(await eventsOf(t, gus)));

    const rotated = (await t.callAs(gus, 'POST', '/api/calendar-feed')).json() as { url: string };
    expect(tokenOf(rotated.url)).not.toBe(tokenOf(url));
    expect((await t.callAs(null, 'GET', `/ics/${tokenOf(url)}.ics`)).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', `/ics/${tokenOf(rotated.url)}.ics`)).statusCode).toBe(200);

    expect((await t.callAs(gus, 'DELETE', '/api/calendar-feed')).json()).toEqual({ success: true });
    expect((await t.callAs(null, 'GET', `/ics/${tokenOf(rotated.url)}.ics`)).statusCode).toBe(404);
    expect((await t.callAs(gus, 'GET', '/api/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
  });

  it('keeps each user to their own feed; unknown addresses are 404; the account takes its feed along', async () => {
    const [hal, ida] = [await t.seedUser(), await t.seedUser()];
    const { url } = (await t.callAs(hal, 'POST', '/api/calendar-feed')).json() as { url: string };
    expect((await t.callAs(ida, 'GET', '/api/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    await t.callAs(ida, 'DELETE', '/api/calendar-feed');
    expect((await t.callAs(null, 'GET', `/ics/${tokenOf(url)}.ics`)).statusCode).toBe(200);
    for (const path of ['/ics/nope.ics', `/ics/${'A'.repeat(43)}.ics`, `/ics/${tokenOf(url)}`, `/ics/${tokenOf(url)}.txt`]) {
      expect((await t.callAs(null, 'GET', path)).statusCode, path).toBe(404);
    }
    expect((await t.callAs(null, 'POST', '/api/calendar-feed')).statusCode).toBe(401);
    await t.app.db.deleteFrom('users').where('id', '=', hal.id).execute();
    expect(await t.app.db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', hal.id).execute()).toEqual([]);
    expect((await t.callAs(null, 'GET', `/ics/${tokenOf(url)}.ics`)).statusCode).toBe(404);
  });

  it('uses PUBLIC_URL for the address and caps feed requests per IP', async () => {
    await withTestApp({ publicUrl: 'https://todo.example.org', rateLimits: { feedRequestsPerIpMinute: 2 } }, async (fx) => {
      const jo = await seedUser(fx.app);
      const res = await fx.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: jo.headers });
      const url = (res.json() as { url: string }).url;
      expect(url).toMatch(/^https:\/\/todo\.example\.org\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
      const path = new URL(url).pathname;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await fx.app.inject({ method: 'GET', url: path })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    });
  });
});
