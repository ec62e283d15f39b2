import { describe, expect, it } from 'vitest';
import { APPLE_EXPORT, GOOGLE_EXPORT, OUTLOOK_EXPORT } from '../../../test/ics-files.js';
import { icsToEvents, IcsError, UNTITLED, type ImportedEvent } from './ics.js';

const BERLIN = { timeZone: 'Europe/Berlin' };
const byTitle = (events: ImportedEvent[], title: string) => {
  const found = events.filter((e) => e.title === title);
  expect(found, title).toHaveLength(1);
  return found[0]!;
};
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('icsToEvents: Google Calendar export', () => {
  const { events, skipped } = icsToEvents(GOOGLE_EXPORT, BERLIN);

  it('reads every VEVENT but the cancelled one', () => {
    expect(events.map((e) => e.title).sort()).toEqual(['Dentist', 'Team standup', 'Team standup (moved)', 'Vacation']);
    expect(skipped).toBe(1);
  });

  it('keeps a zoned weekly series with its EXDATE lines and lists, unescaping text', () => {
    expect(byTitle(events, 'Team standup')).toEqual({
      uid: '5k2q0b7q1ps1m2r3h3n6b0abcd@google.com',
      title: 'Team standup',
      description: 'Weekly sync\nAgenda: https://example.com/doc, shared',
      location: 'Room 4; 2nd floor',
      startDate: '2025-03-03',
      endDate: null,
      startTime: '09:00',
      endTime: '09:30',
      allDay: false,
      timezone: 'Europe/Berlin',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20250630T215959Z',
      exdates: ['2025-03-10T09:00', '2025-03-17T09:00', '2025-03-24T09:00'],
      originalStart: null,
      categories: [],
    });
  });

  it('reads a RECURRENCE-ID as an override of the series, keyed by the original start', () => {
    const moved = byTitle(events, 'Team standup (moved)');
    expect(moved).toMatchObject({ uid: '5k2q0b7q1ps1m2r3h3n6b0abcd@google.com', originalStart: '2025-04-07T09:00', startTime: '11:00', endTime: '11:30', recurrence: null });
  });

  it('converts UTC times to the user zone and unfolds long lines', () => {
    const dentist = byTitle(events, 'Dentist');
    expect(dentist).toMatchObject({ startDate: '2025-07-14', startTime: '16:00', endTime: '17:00', timezone: 'Europe/Berlin' });
    expect(dentist.description).toBe('Bring the insurance card. This line is long enough that Google folds it over more than one line of the file.');
  });

  it('reads an all-day span with its exclusive DTEND', () => {
    expect(byTitle(events, 'Vacation')).toMatchObject({ allDay: true, startDate: '2025-08-18', endDate: '2025-08-22', startTime: null, timezone: null });
  });
});

describe('icsToEvents: Apple Calendar export', () => {
  const { events, skipped } = icsToEvents(APPLE_EXPORT, { timeZone: 'Europe/Moscow' });

  it('keeps the IANA zone of the events, ignoring X-APPLE-* and VALARM', () => {
    expect(skipped).toBe(0);
    expect(byTitle(events, 'Dinner with Sam')).toMatchObject({
      uid: '8D6A6F2E-5E3C-4C47-9C39-0E2C1F1B6A11',
      location: 'Café Olé, 12 Main St',
      startDate: '2025-06-12',
      startTime: '18:00',
      endTime: '19:30',
      timezone: 'America/New_York',
    });
  });

  it('reads a yearly all-day series on a leap day', () => {
    expect(byTitle(events, 'Leap birthday')).toMatchObject({ allDay: true, startDate: '2024-02-29', endDate: null, recurrence: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' });
  });

  it('ends an event with DURATION and no DTEND', () => {
    expect(byTitle(events, 'Focus block')).toMatchObject({ startDate: '2025-11-03', startTime: '09:00', endDate: null, endTime: '10:30' });
  });
});

describe('icsToEvents: Outlook export', () => {
  const { events, skipped } = icsToEvents(OUTLOOK_EXPORT, BERLIN);

  it('reads the file after its byte-order mark', () => {
    expect(skipped).toBe(0);
    expect(events).toHaveLength(4);
  });

  it('maps a Windows zone name to its IANA zone', () => {
    expect(byTitle(events, 'Planning')).toMatchObject({
      timezone: 'Europe/Berlin',
      startDate: '2025-01-15',
      startTime: '10:00',
      endTime: '11:30',
      recurrence: 'FREQ=MONTHLY;COUNT=6;BYDAY=3WE',
      description: 'Quarterly planning with the whole team.',
    });
  });

  it('converts a zone known only from its VTIMEZONE block to the user zone', () => {
    // 09:30 at +05:30 is 04:00 UTC, 06:00 in Berlin in June.
    expect(byTitle(events, 'Call with Mumbai')).toMatchObject({ startDate: '2025-06-02', startTime: '06:00', endTime: '07:00', timezone: 'Europe/Berlin' });
  });

  it('reads all-day events, also those Outlook writes as midnight times with X-MICROSOFT-CDO-ALLDAYEVENT', () => {
    expect(byTitle(events, 'Tag der Arbeit')).toMatchObject({ allDay: true, startDate: '2025-05-01', endDate: null });
    expect(byTitle(events, 'Offsite')).toMatchObject({ allDay: true, startDate: '2025-07-07', endDate: '2025-07-08', startTime: null, timezone: null });
  });
});

describe('icsToEvents: edge cases', () => {
  it('refuses what is not a calendar file, naming the problem', () => {
    for (const text of ['', 'hello world', '{"tasks": []}', 'BEGIN:VCALENDAR\r\nthis is not a line\r\nEND:VCALENDAR', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n']) {
      expect(() => icsToEvents(text, BERLIN), JSON.stringify(text)).toThrow(IcsError);
    }
  });

  it('skips VEVENTs without a start or with a rule the app cannot store', () => {
    const text = cal(
      vevent('UID:a', 'SUMMARY:No start'),
      vevent('UID:b', 'SUMMARY:Hourly', 'DTSTART:20250101T090000', 'RRULE:FREQ=HOURLY'),
      vevent('UID:c', 'SUMMARY:By hour', 'DTSTART:20250101T090000', 'RRULE:FREQ=DAILY;BYHOUR=9,10'),
      vevent('UID:d', 'SUMMARY:Fine', 'DTSTART:20250101T090000', 'RRULE:FREQ=DAILY;COUNT=3'),
    );
    const { events, skipped } = icsToEvents(text, BERLIN);
    expect(events.map((e) => e.title)).toEqual(['Fine']);
    expect(events[0]).toMatchObject({ timezone: null, startTime: '09:00', endTime: null, recurrence: 'FREQ=DAILY;COUNT=3' });
    expect(skipped).toBe(3);
  });

  it('gives an event without UID a stable one and an untitled one a title', () => {
    const text = cal(vevent('DTSTART;VALUE=DATE:20250101'));
    const [first] = icsToEvents(text, BERLIN).events;
    const [again] = icsToEvents(text, BERLIN).events;
    expect(first!.uid).toMatch(/@import$/);
    expect(again!.uid).toBe(first!.uid);
    expect(first!.title).toBe(UNTITLED);
  });

  it('turns a cancelled occurrence into an EXDATE of its series and reads EXDATEs given in UTC', () => {
    const text = cal(
      vevent('UID:s', 'SUMMARY:Yoga', 'DTSTART;TZID=Europe/Berlin:20250106T180000', 'DTEND;TZID=Europe/Berlin:20250106T190000', 'RRULE:FREQ=WEEKLY', 'EXDATE:20250113T170000Z'),
      vevent('UID:s', 'RECURRENCE-ID;TZID=Europe/Berlin:20250120T180000', 'STATUS:CANCELLED', 'DTSTART;TZID=Europe/Berlin:20250120T180000'),
    );
    const { events, skipped } = icsToEvents(text.replace(/\r\n/g, '\n'), { timeZone: 'America/New_York' });
    expect(events).toHaveLength(1);
    expect(events[0]!.exdates).toEqual(['2025-01-13T18:00', '2025-01-20T18:00']);
    expect(skipped).toBe(1);
  });

  it('skips an occurrence whose series is not in the file', () => {
    const text = cal(vevent('UID:lonely', 'RECURRENCE-ID:20250120T180000Z', 'DTSTART:20250120T190000Z', 'SUMMARY:Orphan'));
    expect(icsToEvents(text, BERLIN)).toEqual({ events: [], skipped: 1 });
  });

  it('drops an end that is not after the start and reads several calendars in one file', () => {
    const text = [
      cal(vevent('UID:x', 'SUMMARY:Zero', 'DTSTART:20250101T090000', 'DTEND:20250101T090000')),
      cal(vevent('UID:y', 'SUMMARY:Overnight', 'DTSTART:20250101T220000', 'DTEND:20250102T013000', 'CATEGORIES:Work,Travel')),
    ].join('\r\n');
    const { events } = icsToEvents(text, BERLIN);
    expect(byTitle(events, 'Zero')).toMatchObject({ endDate: null, endTime: null });
    expect(byTitle(events, 'Overnight')).toMatchObject({ startDate: '2025-01-01', endDate: '2025-01-02', endTime: '01:30', categories: ['Work', 'Travel'] });
  });
});
