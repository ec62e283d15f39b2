import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { eventsToIcs, icsToEvents, PRODID, type IcsEvent } from './ics.js';
import { wallToUtc } from './zones.js';

const event = (over: Partial<IcsEvent> & Pick<IcsEvent, '_id' | 'title' | 'startDate'>): IcsEvent => ({
  description: '',
  location: '',
  endDate: null,
  startTime: null,
  endTime: null,
  allDay: true,
  timezone: null,
  recurrence: null,
  exdates: [],
  seriesId: null,
  originalStart: null,
  tags: [],
  uid: null,
  ...over,
});

const EVENTS: IcsEvent[] = [
  event({ _id: 'allday1', title: 'Trip, to; the "sea"\nday two', startDate: '2025-07-01', endDate: '2025-07-03', description: 'Pack: towel, hat; sunscreen\nand a very long line '.repeat(4).trim(), createdAt: '2025-06-01T10:00:00.000Z', updatedAt: '2025-06-02T11:00:00.000Z' }),
  event({ _id: 'weekly', title: 'Standup', startDate: '2025-03-03', startTime: '09:00', endTime: '09:15', allDay: false, timezone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20250601', exdates: ['2025-03-05T09:00', '2025-03-31T09:00'], tags: ['t1', 't2'] }),
  event({ _id: 'override', title: 'Standup (late)', startDate: '2025-04-07', startTime: '10:00', endTime: '10:15', allDay: false, timezone: 'Europe/Berlin', seriesId: 'weekly', originalStart: '2025-04-07T09:00' }),
  event({ _id: 'floating', title: 'Read', startDate: '2025-05-05', endDate: '2025-05-06', startTime: '23:00', endTime: '00:30', allDay: false, location: 'Sofa' }),
  event({ _id: 'yearly', title: 'Birthday', startDate: '2024-02-29', recurrence: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', exdates: ['2026-02-28'], uid: 'B1C2D3E4-BIRTHDAY' }),
  event({ _id: 'ny', title: 'Call NY', startDate: '2025-11-02', startTime: '08:00', endTime: null, allDay: false, timezone: 'America/New_York' }),
];
const OPTS = { calendarName: 'ADHD', timeZone: 'Europe/Berlin', tagNames: new Map([['t1', 'Work']]), now: new Date('2025-08-01T12:00:00Z') };

describe('eventsToIcs', () => {
  const text = eventsToIcs(EVENTS, OPTS);
  const lines = text.split('\r\n');
  const cal = new ICAL.Component(ICAL.parse(text));
  const vevents = cal.getAllSubcomponents('vevent');
  const line = (uid: string, name: string) => {
    const block = text.split('BEGIN:VEVENT').find((b) => b.includes(`UID:${uid}\r\n`) && (name !== 'RECURRENCE-ID' || b.includes('RECURRENCE-ID')))!;
    return block.replace(/\r\n /g, '').split('\r\n').filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  };

  it('writes a VCALENDAR with CRLF lines of at most 75 octets', () => {
    expect(lines.slice(0, 3)).toEqual(['BEGIN:VCALENDAR', `PRODID:${PRODID}`, 'VERSION:2.0']);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const l of lines) expect(Buffer.byteLength(l), l).toBeLessThanOrEqual(75);
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('ADHD');
    expect(vevents).toHaveLength(EVENTS.length);
  });

  it('writes all-day events with VALUE=DATE and an exclusive DTEND, escaping text', () => {
    expect(line('allday1@adhd', 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20250701']);
    expect(line('allday1@adhd', 'DTEND')).toEqual(['DTEND;VALUE=DATE:20250704']);
    expect(line('allday1@adhd', 'SUMMARY')).toEqual(['SUMMARY:Trip\\, to\\; the "sea"\\nday two']);
    expect(line('allday1@adhd', 'LAST-MODIFIED')).toEqual(['LAST-MODIFIED:20250602T110000Z']);
    expect(line('allday1@adhd', 'DTSTAMP')).toEqual(['DTSTAMP:20250801T120000Z']);
  });

  it('writes zoned events with TZID, RRULE, EXDATE and CATEGORIES, and a VTIMEZONE per zone', () => {
    expect(line('weekly@adhd', 'DTSTART')).toEqual(['DTSTART;TZID=Europe/Berlin:20250303T090000']);
    expect(line('weekly@adhd', 'RRULE')).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20250601']);
    expect(line('weekly@adhd', 'EXDATE')).toEqual(['EXDATE;TZID=Europe/Berlin:20250305T090000,20250331T090000']);
    expect(line('weekly@adhd', 'CATEGORIES')).toEqual(['CATEGORIES:Work']);
    expect(cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')).sort()).toEqual(['America/New_York', 'Europe/Berlin']);
  });

  it('writes an override with its series UID and a RECURRENCE-ID', () => {
    expect(line('weekly@adhd', 'RECURRENCE-ID')).toEqual(['RECURRENCE-ID;TZID=Europe/Berlin:20250407T090000']);
    expect(vevents.filter((v) => v.getFirstPropertyValue('uid') === 'weekly@adhd')).toHaveLength(2);
  });

  it('writes floating times without TZID and keeps an imported UID', () => {
    expect(line('floating@adhd', 'DTSTART')).toEqual(['DTSTART:20250505T230000']);
    expect(line('floating@adhd', 'DTEND')).toEqual(['DTEND:20250506T003000']);
    expect(line('B1C2D3E4-BIRTHDAY', 'EXDATE')).toEqual(['EXDATE;VALUE=DATE:20260228']);
    expect(line('ny@adhd', 'DTEND')).toEqual([]);
  });

  // Wall clocks read the way an app reads an event's DTSTART (outside the skipped and repeated hours).
  it('generates VTIMEZONE blocks that give the runtime zone offsets', () => {
    const walls = ['2025-01-15T12:00', '2025-07-15T12:00', '2030-03-31T12:00', '2030-11-04T12:00', '2025-03-30T01:00', '2025-03-30T04:00', '2025-10-26T01:00', '2025-10-26T04:00', '2025-03-09T01:00', '2025-03-09T04:00', '2025-11-02T00:30', '2025-11-02T03:00'];
    for (const block of cal.getAllSubcomponents('vtimezone')) {
      const tzid = String(block.getFirstPropertyValue('tzid'));
      const zone = new ICAL.Timezone({ component: block, tzid });
      for (const wall of walls) {
        const [date, time] = wall.split('T') as [string, string];
        const t = ICAL.Time.fromData({ year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8), hour: +time.slice(0, 2), minute: +time.slice(3) }, zone);
        expect(t.toUnixTime() * 1000, `${tzid} ${wall}`).toBe(wallToUtc(date, time, tzid));
      }
    }
  });
});

describe('round trip', () => {
  it('gives back the same event fields', () => {
    const { events, skipped } = icsToEvents(eventsToIcs(EVENTS, OPTS), { timeZone: 'Asia/Tokyo' });
    expect(skipped).toBe(0);
    const uidOf = (e: IcsEvent) => (e.seriesId ? `${e.seriesId}@adhd` : (e.uid ?? `${e._id}@adhd`));
    for (const original of EVENTS) {
      const back = events.find((e) => e.uid === uidOf(original) && e.originalStart === original.originalStart)!;
      const { _id, seriesId, tags, uid, createdAt, updatedAt, ...fields } = original;
      expect(back, _id).toEqual({ ...fields, endDate: fields.endDate === fields.startDate ? null : fields.endDate, uid: uidOf(original), categories: tags.includes('t1') ? ['Work'] : [] });
      void [seriesId, uid, createdAt, updatedAt];
    }
  });
});
