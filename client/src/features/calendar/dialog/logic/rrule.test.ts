import { describe, expect, it } from 'vitest';
import { buildRrule, parseRrule, type Repeat } from './rrule';

const never = { kind: 'never' } as const;

/** Every option of the picker, with the RRULE value it writes. */
const TABLE: [string, Repeat, string][] = [
  ['daily', { freq: 'daily', interval: 1, byDay: [], end: never }, 'FREQ=DAILY'],
  ['every 3 days', { freq: 'daily', interval: 3, byDay: [], end: never }, 'FREQ=DAILY;INTERVAL=3'],
  ['weekly on Monday and Wednesday', { freq: 'weekly', interval: 1, byDay: [1, 3], end: never }, 'FREQ=WEEKLY;BYDAY=MO,WE'],
  ['weekly on Sunday and Saturday (Monday-first order)', { freq: 'weekly', interval: 1, byDay: [6, 0], end: never }, 'FREQ=WEEKLY;BYDAY=SA,SU'],
  ['every 2 weeks on Tue, Thu, Fri', { freq: 'weekly', interval: 2, byDay: [2, 4, 5], end: never }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH,FR'],
  ['weekly on the start day', { freq: 'weekly', interval: 1, byDay: [], end: never }, 'FREQ=WEEKLY'],
  ['monthly', { freq: 'monthly', interval: 1, byDay: [], end: never }, 'FREQ=MONTHLY'],
  ['every 6 months', { freq: 'monthly', interval: 6, byDay: [], end: never }, 'FREQ=MONTHLY;INTERVAL=6'],
  ['yearly', { freq: 'yearly', interval: 1, byDay: [], end: never }, 'FREQ=YEARLY'],
  ['every 4 years', { freq: 'yearly', interval: 4, byDay: [], end: never }, 'FREQ=YEARLY;INTERVAL=4'],
  ['daily until a date', { freq: 'daily', interval: 1, byDay: [], end: { kind: 'until', date: '2027-06-01' } }, 'FREQ=DAILY;UNTIL=20270601'],
  ['every 2 days, 10 times', { freq: 'daily', interval: 2, byDay: [], end: { kind: 'count', count: 10 } }, 'FREQ=DAILY;INTERVAL=2;COUNT=10'],
  ['weekly on Friday, 5 times', { freq: 'weekly', interval: 1, byDay: [5], end: { kind: 'count', count: 5 } }, 'FREQ=WEEKLY;BYDAY=FR;COUNT=5'],
  ['monthly until a date', { freq: 'monthly', interval: 1, byDay: [], end: { kind: 'until', date: '2027-06-01' } }, 'FREQ=MONTHLY;UNTIL=20270601'],
  ['yearly, 3 times', { freq: 'yearly', interval: 1, byDay: [], end: { kind: 'count', count: 3 } }, 'FREQ=YEARLY;COUNT=3'],
];

describe('the recurrence picker’s RRULE', () => {
  it.each(TABLE)('%s: writes the rule and reads it back as the same choice', (_name, repeat, rule) => {
    expect(buildRrule(repeat)).toBe(rule);
    expect(parseRrule(rule)).toEqual({ ...repeat, byDay: [...repeat.byDay].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)) });
    expect(buildRrule(parseRrule(rule)!)).toBe(rule);
  });

  it.each([
    ['an RRULE: prefix and lower case', 'rrule:freq=weekly;byday=mo', { freq: 'weekly', interval: 1, byDay: [1], end: never }],
    ['INTERVAL=1 written out', 'FREQ=DAILY;INTERVAL=1', { freq: 'daily', interval: 1, byDay: [], end: never }],
    ['a UTC date-time UNTIL (its date)', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270101T235959Z', { freq: 'weekly', interval: 1, byDay: [2], end: { kind: 'until', date: '2027-01-01' } }],
    ['the default week start', 'FREQ=WEEKLY;WKST=MO;BYDAY=FR', { freq: 'weekly', interval: 1, byDay: [5], end: never }],
  ] as const)('reads %s', (_name, rule, repeat) => {
    expect(parseRrule(rule)).toEqual(repeat);
  });

  it.each([
    ['an unknown frequency', 'FREQ=HOURLY'],
    ['no frequency', 'INTERVAL=2'],
    ['a month day list (imported)', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ['a set position (imported)', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1'],
    ['an ordinal weekday', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['BYDAY on a daily rule', 'FREQ=DAILY;BYDAY=MO'],
    ['another week start', 'FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,TU'],
    ['both COUNT and UNTIL', 'FREQ=DAILY;COUNT=3;UNTIL=20270101'],
    ['a zero interval', 'FREQ=DAILY;INTERVAL=0'],
    ['a repeated key', 'FREQ=DAILY;FREQ=WEEKLY'],
    ['a malformed part', 'FREQ=DAILY;COUNT'],
    ['a bad UNTIL', 'FREQ=DAILY;UNTIL=2027-01-01'],
  ])('keeps %s as a custom rule (null)', (_name, rule) => {
    expect(parseRrule(rule)).toBeNull();
  });
});
