import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time.js';
import { isValidRrule } from './rrule.js';
import { seriesKeys } from './series.js';

/**
 * seriesKeys counts DAILY and WEEKLY rules by arithmetic and starts MONTHLY/YEARLY iteration at the window: both
 * must give what ical.js's iterator gives when walked from the first occurrence.
 */
function icalKeys(rule: string, start: string, time: string | null, lo: string, hi: string): string[] {
  const [y, m, d] = [Number(start.slice(0, 4)), Number(start.slice(5, 7)), Number(start.slice(8, 10))];
  const dtstart = time
    ? ICAL.Time.fromData({ year: y, month: m, day: d, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), isDate: false })
    : ICAL.Time.fromData({ year: y, month: m, day: d, isDate: true });
  const it = ICAL.Recur.fromString(rule).iterator(dtstart);
  const out: string[] = [];
  for (let next = it.next(); next; next = it.next()) {
    const date = next.toString().slice(0, 10);
    if (date > hi) break;
    if (date >= lo) out.push(time ? `${date}T${time}` : date);
  }
  return out;
}

const day = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2020-01-01', n));
const weekdays = fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 });
const count = fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined });
const time = fc.option(fc.constantFrom('00:00', '09:30', '23:45'), { nil: null });

const rules = fc.oneof(
  fc.record({ interval: fc.integer({ min: 1, max: 9 }), count }).map(({ interval, count: c }) => `FREQ=DAILY;INTERVAL=${interval}${c ? `;COUNT=${c}` : ''}`),
  // Intervals prime to 7 so that every weekday comes round (ical.js searches forever otherwise).
  fc.record({ interval: fc.constantFrom(1, 2, 3, 4, 5, 6), days: weekdays, count }).map(
    ({ interval, days, count: c }) => `FREQ=DAILY;INTERVAL=${interval};BYDAY=${days.join(',')}${c ? `;COUNT=${c}` : ''}`,
  ),
  fc.record({ interval: fc.integer({ min: 1, max: 5 }), days: fc.option(weekdays), wkst: fc.constantFrom('MO', 'SU', 'SA'), count }).map(
    ({ interval, days, wkst, count: c }) => `FREQ=WEEKLY;INTERVAL=${interval}${days ? `;BYDAY=${days.join(',')}` : ''};WKST=${wkst}${c ? `;COUNT=${c}` : ''}`,
  ),
  fc.record({ interval: fc.integer({ min: 1, max: 4 }), md: fc.constantFrom('1', '15', '28,31', '-1', '30') }).map(({ interval, md }) => `FREQ=MONTHLY;INTERVAL=${interval};BYMONTHDAY=${md}`),
  fc.record({ interval: fc.integer({ min: 1, max: 3 }), byday: fc.constantFrom('2TU', '-1FR', 'MO;BYSETPOS=1', 'MO,TU,WE,TH,FR;BYSETPOS=-1') }).map(
    ({ interval, byday }) => `FREQ=MONTHLY;INTERVAL=${interval};BYDAY=${byday}`,
  ),
  // Interval 1 only: when the first date is not an occurrence (RFC 5545: "undefined"), ical.js counts a YEARLY
  // interval from the first occurrence's year, seriesKeys from the first date's year (as RFC 5545 counts intervals).
  fc.record({ interval: fc.constant(1), month: fc.integer({ min: 1, max: 12 }), md: fc.constantFrom('1', '29', '-1') }).map(
    ({ interval, month, md }) => `FREQ=YEARLY;INTERVAL=${interval};BYMONTH=${month};BYMONTHDAY=${md}`,
  ),
);

describe('seriesKeys agrees with ical.js walked from the first occurrence', () => {
  it('for any rule, start and window', () => {
    fc.assert(
      fc.property(rules, day, time, fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 70 }), (rule, start, t, offset, length) => {
        expect(isValidRrule(rule)).toBe(true);
        const lo = addDays(start, offset - 200);
        const hi = addDays(lo, length);
        const e = { recurrence: rule, startDate: start, startTime: t, allDay: t === null };
        expect(seriesKeys(e, lo, hi, 'UTC')).toEqual(icalKeys(rule, start, t, lo, hi));
      }),
      { numRuns: 250 },
    );
  }, 30_000);
});

describe('parseRrule', () => {
  it.each([
    'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270101',
    'RRULE:FREQ=DAILY;COUNT=10',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=DAILY;UNTIL=20270101T100000Z',
  ])('accepts %s', (rule) => expect(isValidRrule(rule)).toBe(true));

  it.each([
    ['garbage', 'garbage'],
    ['no FREQ', 'INTERVAL=2'],
    ['an unknown frequency', 'FREQ=FOO'],
    ['a frequency below a day', 'FREQ=HOURLY'],
    ['a key outside the allow-list', 'FREQ=DAILY;BYHOUR=9'],
    ['a repeated key', 'FREQ=DAILY;FREQ=WEEKLY'],
    ['COUNT above 1000', 'FREQ=DAILY;COUNT=1001'],
    ['COUNT 0', 'FREQ=DAILY;COUNT=0'],
    ['INTERVAL 0', 'FREQ=DAILY;INTERVAL=0'],
    ['COUNT and UNTIL together', 'FREQ=DAILY;COUNT=3;UNTIL=20270101'],
    ['a malformed UNTIL', 'FREQ=DAILY;UNTIL=2027'],
    ['an impossible UNTIL date', 'FREQ=DAILY;UNTIL=20270231'],
    ['a bad BYDAY', 'FREQ=WEEKLY;BYDAY=XX'],
    ['an ordinal BYDAY on a weekly rule', 'FREQ=WEEKLY;BYDAY=1MO'],
    ['BYMONTHDAY on a daily rule', 'FREQ=DAILY;BYMONTHDAY=30'],
    ['a day no month has', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'],
    ['BYMONTHDAY out of range', 'FREQ=MONTHLY;BYMONTHDAY=32'],
    ['an empty part', 'FREQ=DAILY;'],
    ['BYMONTH out of range', 'FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1'],
    ['BYMONTH 0', 'FREQ=YEARLY;BYMONTH=0'],
    ['BYSETPOS 0', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0'],
    ['a yearly ordinal weekday without BYMONTH', 'FREQ=YEARLY;BYDAY=20MO'],
  ])('refuses %s', (_, rule) => expect(isValidRrule(rule)).toBe(false));
});
