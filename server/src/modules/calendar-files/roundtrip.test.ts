import { describe, expect, it } from 'vitest';
import { APPLE_EXPORT, GOOGLE_EXPORT, OUTLOOK_EXPORT } from '../../../test/ics-files.js';
import { useServerTest, type Caller, type SeededUser } from '../../../test/kit.js';
import { readEvents, type StoredEvent } from './repository.js';

/**
 * The ICS round trip: account A's export imported into a fresh account B gives the same events (every
 * field a calendar file carries), and importing it again changes nothing; A's own export imported back into A
 * changes nothing either (its events are found by the `${id}@adhd` UIDs).
 */
const t = useServerTest();
const ICS = { 'content-type': 'text/calendar', 'x-timezone': 'Europe/Berlin' };

/** Local events as a client makes them (no uid): all-day, zoned series with an exdate and an override, floating. */
const LOCAL: Record<string, Record<string, unknown>> = {
  'ev-trip': { title: 'Trip, "north"; day 1\nday 2', startDate: '2025-07-01', endDate: '2025-07-03', allDay: true },
  'ev-standup': { title: 'Standup', startDate: '2025-03-03', startTime: '09:00', endTime: '09:15', timezone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20250601', exdates: ['2025-03-05T09:00'] },
  'ev-late': { title: 'Standup (late)', startDate: '2025-04-07', startTime: '10:00', endTime: '10:30', timezone: 'Europe/Berlin', seriesId: 'ev-standup', originalStart: '2025-04-07T09:00' },
  'ev-read': { title: 'Read', description: 'Chapter 3', location: 'Sofa', startDate: '2025-05-05', endDate: '2025-05-06', startTime: '23:00', endTime: '00:30' },
  'ev-ny': { title: 'Call NY', startDate: '2025-11-02', startTime: '08:00', endTime: null, timezone: 'America/New_York' },
};
const BLANK = { description: '', location: '', endDate: null, startTime: null, endTime: null, allDay: false, timezone: null, recurrence: null, exdates: [], seriesId: null, originalStart: null, color: null, tags: [], reminders: [], details: {}, source: 'local', sourceId: null, calendarId: null, uid: null, readonly: false };

async function seedLocal(user: SeededUser) {
  await t.app.sync.run(
    user.id,
    (_exec, _trx, stage) => stage(async (tx) => {
      for (const [id, fields] of Object.entries(LOCAL)) await tx.put('event', id, { ...BLANK, ...fields });
    }),
    async () => null,
  );
}

const eventsOf = (user: SeededUser) => readEvents(t.app.db, user.id);
const importInto = (as: Caller, text: string) => t.callAs(as, 'POST', '/api/events/ics', text, ICS);
const exportOf = async (as: Caller) => (await t.callAs(as, 'GET', '/api/events/ics', undefined, { 'x-timezone': 'Europe/Berlin' })).body;

const FIELDS = ['title', 'description', 'location', 'startDate', 'endDate', 'startTime', 'endTime', 'allDay', 'timezone', 'recurrence', 'exdates', 'originalStart'] as const;
const fieldsOf = (e: StoredEvent) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, e[f]])), endDate: e.endDate === e.startDate ? null : e.endDate });
/** The UID an event travels under (its series' for an override). */
function uidOf(e: StoredEvent, all: StoredEvent[]): string {
  const series = e.seriesId ? all.find((s) => s._id === e.seriesId) : undefined;
  const owner = series ?? e;
  return owner.uid ?? `${owner._id}@adhd`;
}
const byTravelKey = (all: StoredEvent[]) => new Map(all.map((e) => [`${uidOf(e, all)}|${e.originalStart ?? ''}`, e]));

describe('ICS round trip', () => {
  it('gives a fresh account the same events, and a second import changes nothing', async () => {
    const [ann, bea] = [await t.seedUser(), await t.seedUser()];
    await seedLocal(ann);
    for (const file of [GOOGLE_EXPORT, APPLE_EXPORT, OUTLOOK_EXPORT]) expect((await importInto(ann, file)).statusCode).toBe(200);
    const annEvents = await eventsOf(ann);
    expect(annEvents).toHaveLength(5 + 4 + 3 + 4);

    const text = await exportOf(ann);
    const first = await importInto(bea, text);
    expect(first.json()).toEqual({ imported: annEvents.length, updated: 0, skipped: 0 });
    const beaEvents = await eventsOf(bea);
    const beaByKey = byTravelKey(beaEvents);
    for (const [key, a] of byTravelKey(annEvents)) {
      const b = beaByKey.get(key);
      expect(b, key).toBeDefined();
      expect(fieldsOf(b!), key).toEqual(fieldsOf(a));
      if (a.seriesId) expect(beaEvents.find((s) => s._id === b!.seriesId)?.title, key).toBe(annEvents.find((s) => s._id === a.seriesId)?.title);
      expect(b!.source, key).toBe('ics');
    }

    const version = await t.app.sync.currentVersion(bea.id);
    expect((await importInto(bea, text)).json()).toEqual({ imported: 0, updated: 0, skipped: annEvents.length });
    expect(await t.app.sync.currentVersion(bea.id)).toBe(version);
    // B's export carries the same calendar as A's (the same UIDs and fields).
    const strip = (s: string) => s.replace(/^(DTSTAMP|CREATED|LAST-MODIFIED):.*\r\n/gm, '');
    expect(strip(await exportOf(bea)).split('\r\n').sort()).toEqual(strip(text).split('\r\n').sort());
  });

  it("finds an account's own events by their exported UIDs", async () => {
    const cat = await t.seedUser();
    await seedLocal(cat);
    const version = await t.app.sync.currentVersion(cat.id);
    const text = await exportOf(cat);
    expect((await importInto(cat, text)).json()).toEqual({ imported: 0, updated: 0, skipped: Object.keys(LOCAL).length });
    expect(await t.app.sync.currentVersion(cat.id)).toBe(version);
    const moved = text.replace('SUMMARY:Read', 'SUMMARY:Read more');
    expect((await importInto(cat, moved)).json()).toEqual({ imported: 0, updated: 1, skipped: Object.keys(LOCAL).length - 1 });
    const read = (await eventsOf(cat)).find((e) => e._id === 'ev-read')!;
    expect(read).toMatchObject({ title: 'Read more', source: 'local', uid: null, location: 'Sofa' });
  });
});
