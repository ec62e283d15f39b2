import { describe, expect, it } from 'vitest';
import { googleEventId } from '@adhd/shared/google/types';
import { googleRowId, occurrenceKey, toImportedEvent } from './mapping.js';

const cal = { calendarId: 'work', color: null, zone: 'Europe/Berlin' };

describe('Google event mapping', () => {
  it('keeps google_<calendarId>_<eventId> when it is a valid id, else an id-safe stable form', () => {
    expect(googleRowId('work', 'abc123')).toBe(googleEventId('work', 'abc123'));
    expect(googleRowId('me@gmail.com', 'abc123')).toBe('google_me@gmail.com_abc123');
    expect(googleRowId('en.usa#holiday@group.v.calendar.google.com', 'abc123')).toBe('google_en.usa.holiday@group.v.calendar.google.com_abc123');
    expect(googleRowId(`c_${'f'.repeat(64)}@group.calendar.google.com`, `${'e'.repeat(26)}_20261201T100000Z`)).toBe(
      `google_c_${'f'.repeat(64)}@group.calendar.google.com_${'e'.repeat(26)}_20261201T100000Z`,
    );
    const long = googleRowId(`${'x'.repeat(160)}@group.calendar.google.com`, `${'e'.repeat(26)}_20261201T100000Z`);
    expect(long).toMatch(/^google_[0-9a-f]{24}_[0-9a-f]{40}$/);
    expect(googleRowId(`${'x'.repeat(160)}@group.calendar.google.com`, `${'e'.repeat(26)}_20261201T100000Z`)).toBe(long);
    expect(googleRowId(`${'x'.repeat(160)}@group.calendar.google.com`, `${'e'.repeat(26)}_20261208T100000Z`)).not.toBe(long);
  });

  it('maps a one-day all-day event without an end date, and a timed event without a zone into the calendar zone', () => {
    expect(toImportedEvent({ id: 'a', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } }, cal)).toMatchObject({ allDay: true, startDate: '2026-12-01', endDate: null, title: '(No title)' });
    // 2026-07-01 09:00 UTC is 11:00 in Berlin (summer time); the end crosses midnight.
    expect(toImportedEvent({ id: 'b', summary: ' Late ', start: { dateTime: '2026-07-01T09:00:00Z' }, end: { dateTime: '2026-07-01T22:30:00Z' } }, cal)).toMatchObject({
      title: 'Late',
      startDate: '2026-07-01',
      startTime: '11:00',
      endDate: '2026-07-02',
      endTime: '00:30',
      timezone: 'Europe/Berlin',
      sourceId: 'b',
      calendarId: 'work',
      readonly: true,
      source: 'google',
    });
  });

  it('skips an event without a start or with a rule the app cannot store, and ignores lines other than RRULE and EXDATE', () => {
    expect(toImportedEvent({ id: 'c' }, cal)).toBeNull();
    expect(toImportedEvent({ id: 'd', start: { date: '2026-12-01' }, recurrence: ['RRULE:FREQ=SECONDLY'] }, cal)).toBeNull();
    const weekly = toImportedEvent({ id: 'e', start: { date: '2026-12-01' }, recurrence: ['RDATE;VALUE=DATE:20261225', 'RRULE:FREQ=WEEKLY', 'EXDATE;VALUE=DATE:20261208'] }, cal);
    expect(weekly).toMatchObject({ recurrence: 'FREQ=WEEKLY', exdates: ['2026-12-08'] });
  });

  it('keys an exception by its original start in the series zone', () => {
    expect(occurrenceKey({ dateTime: '2026-12-01T09:00:00Z' }, { allDay: false, timezone: 'Asia/Tokyo' }, 'UTC')).toBe('2026-12-01T18:00');
    expect(occurrenceKey({ date: '2026-12-01' }, { allDay: true, timezone: null }, 'UTC')).toBe('2026-12-01');
    expect(occurrenceKey(undefined, { allDay: false, timezone: null }, 'UTC')).toBeNull();
  });
});
