/**
 * The RRULE subset the recurrence picker produces (RFC 5545, the value without `RRULE:`), and its parser for
 * editing: `FREQ` (DAILY, WEEKLY, MONTHLY, YEARLY), `INTERVAL` (left out when 1), `BYDAY` (weekly only, plain
 * two-letter days), and `UNTIL=YYYYMMDD` or `COUNT=n`. A rule with anything else (an imported BYMONTHDAY,
 * BYSETPOS…) parses to null: the picker keeps it unchanged as a custom rule.
 */

export type RepeatFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';

export type RepeatEnd = { kind: 'never' } | { kind: 'until'; date: string } | { kind: 'count'; count: number };

export interface Repeat {
  freq: RepeatFrequency;
  /** Every `interval` days/weeks/months/years, 1 or more. */
  interval: number;
  /** Weekly: the weekdays (0 Sunday … 6 Saturday), in the order Monday first; empty = the start date's weekday. */
  byDay: number[];
  end: RepeatEnd;
}

export const MAX_INTERVAL = 999;
export const MAX_COUNT = 999;

const FREQ_CODE: Record<RepeatFrequency, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY' };
const FREQ_OF: Record<string, RepeatFrequency> = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' };
/** RFC 5545 weekday codes by JS weekday number (0 Sunday). */
export const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Monday-first order of weekday numbers, the order RRULE lists them in. */
export const sortWeekdays = (days: readonly number[]): number[] => [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));

/** The RRULE value of `repeat`. */
export function buildRrule(repeat: Repeat): string {
  const parts = [`FREQ=${FREQ_CODE[repeat.freq]}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.freq === 'weekly' && repeat.byDay.length > 0) parts.push(`BYDAY=${sortWeekdays(repeat.byDay).map((d) => DAY_CODES[d]).join(',')}`);
  if (repeat.end.kind === 'until') parts.push(`UNTIL=${repeat.end.date.replaceAll('-', '')}`);
  if (repeat.end.kind === 'count') parts.push(`COUNT=${repeat.end.count}`);
  return parts.join(';');
}

const positiveInt = (text: string, max: number): number | null => {
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
};

/** `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]` → `YYYY-MM-DD` (the date part: the picker ends on a day). */
function untilDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The picker's view of an RRULE value, or null when the rule is outside the picker's subset. */
export function parseRrule(rule: string): Repeat | null {
  const fields = new Map<string, string>();
  for (const part of rule.trim().replace(/^RRULE:/i, '').split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).toUpperCase();
    if (fields.has(key)) return null;
    fields.set(key, part.slice(eq + 1).toUpperCase());
  }
  const freq = FREQ_OF[fields.get('FREQ') ?? ''];
  if (!freq) return null;
  const repeat: Repeat = { freq, interval: 1, byDay: [], end: { kind: 'never' } };
  for (const [key, value] of fields) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL': {
        const n = positiveInt(value, MAX_INTERVAL);
        if (n === null) return null;
        repeat.interval = n;
        break;
      }
      case 'BYDAY': {
        if (freq !== 'weekly') return null;
        const days = value.split(',').map((code) => DAY_CODES.indexOf(code as (typeof DAY_CODES)[number]));
        if (days.some((d) => d < 0)) return null;
        repeat.byDay = sortWeekdays(days);
        break;
      }
      case 'UNTIL': {
        const date = untilDate(value);
        if (date === null || repeat.end.kind === 'count') return null;
        repeat.end = { kind: 'until', date };
        break;
      }
      case 'COUNT': {
        const n = positiveInt(value, MAX_COUNT);
        if (n === null || repeat.end.kind === 'until') return null;
        repeat.end = { kind: 'count', count: n };
        break;
      }
      case 'WKST':
        // Monday is the default week start; another one changes which days an INTERVAL skips: kept as custom.
        if (value !== 'MO') return null;
        break;
      default:
        return null;
    }
  }
  return repeat;
}
