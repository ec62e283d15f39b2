import { isIsoDate } from '../time.js';

/**
 * The RRULE subset events accept (RFC 5545 `RRULE` value, without the `RRULE:` prefix): the parts a calendar
 * picker and the usual exports (Google, Apple, Outlook) write. Anything else is refused, so every stored rule
 * expands in bounded time on both sides.
 */
export const RRULE_KEYS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'] as const;
export type RruleKey = (typeof RRULE_KEYS)[number];
export const RRULE_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RruleFreq = (typeof RRULE_FREQS)[number];
export const RRULE_MAX_LENGTH = 1_000;
export const RRULE_MAX_COUNT = 1_000;
export const RRULE_MAX_INTERVAL = 1_000;

/** The rule's parts by key, as written (upper case), after the checks of `parseRrule`. */
export interface ParsedRrule {
  freq: RruleFreq;
  interval: number;
  count: number | null;
  /** UNTIL as written: `YYYYMMDD`, `YYYYMMDDTHHMMSS` (floating) or `…Z` (UTC). */
  until: string | null;
  parts: Partial<Record<RruleKey, string>>;
}

const INT_RE = /^[+-]?\d{1,4}$/;
const UNTIL_RE = /^\d{8}(T\d{6}Z?)?$/;
/** The `YYYY-MM-DD` of an UNTIL value (`20270101…` → `2027-01-01`). */
export const untilDate = (until: string): string => `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
const WEEKDAY_RE = /^(SU|MO|TU|WE|TH|FR|SA)$/;
const ORDINAL_DAY_RE = /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(SU|MO|TU|WE|TH|FR|SA)$/;
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether some month of BYMONTH (every month when absent) has some day of BYMONTHDAY (February counted with 29
 * days): `BYMONTH=2;BYMONTHDAY=30` never happens, and ical.js would then answer a wrong date or search forever.
 */
function someDayExists(byMonth: string | undefined, byMonthDay: string | undefined): boolean {
  if (byMonthDay === undefined) return true;
  const months = byMonth === undefined ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : byMonth.split(',').map(Number);
  const days = byMonthDay.split(',').map(Number);
  return months.some((m) => m >= 1 && m <= 12 && days.some((d) => d !== 0 && Math.abs(d) <= MONTH_LENGTHS[m - 1]!));
}

/** Strip an optional `RRULE:` prefix and blanks; the stored form. */
export const normaliseRrule = (rule: string): string => rule.trim().replace(/^RRULE:/i, '').toUpperCase();

/** Every number of a BY list is within 1…max (or -max…-1 when `signed`), never 0. */
function inRange(list: string | undefined, max: number, signed: boolean): boolean {
  if (list === undefined) return true;
  return list.split(',').every((v) => {
    const n = Number(v);
    return n !== 0 && Math.abs(n) <= max && (signed || n > 0);
  });
}

function positiveInt(value: string | undefined, max: number): number | null | undefined {
  if (value === undefined) return null;
  if (!/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

/**
 * The parsed rule, or undefined for a rule that is malformed, uses a key outside the allow-list, repeats a key,
 * has COUNT above RRULE_MAX_COUNT, INTERVAL outside 1…RRULE_MAX_INTERVAL, both COUNT and UNTIL (RFC 5545 forbids
 * it), BYMONTHDAY/BYMONTH/BYSETPOS or ordinal BYDAY on a DAILY or WEEKLY rule (limits that can match nothing,
 * and on which an RRULE iterator such as ical.js's would search forever), a BYMONTH/BYMONTHDAY pair no year has,
 * BY values out of their range, or a YEARLY BYDAY without BYMONTH. No RRULE library is needed here, so the
 * mutations (in the app's first JS) do not bring ical.js along.
 */
export function parseRrule(rule: string): ParsedRrule | undefined {
  if (parsedRules.has(rule)) return parsedRules.get(rule);
  if (parsedRules.size >= PARSED_MAX) parsedRules.clear();
  const parsed = parse(rule);
  parsedRules.set(rule, parsed);
  return parsed;
}

/** Parsed rules by text: a calendar expands the same rules on every request (bounded; entries are frozen). */
const PARSED_MAX = 5_000;
const parsedRules = new Map<string, ParsedRrule | undefined>();

function parse(rule: string): ParsedRrule | undefined {
  if (rule.length > 2 * RRULE_MAX_LENGTH) return undefined;
  const text = normaliseRrule(rule);
  if (text.length === 0 || text.length > RRULE_MAX_LENGTH) return undefined;
  const parts: Partial<Record<RruleKey, string>> = {};
  for (const piece of text.split(';')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) return undefined;
    const key = piece.slice(0, eq) as RruleKey;
    const value = piece.slice(eq + 1);
    if (!(RRULE_KEYS as readonly string[]).includes(key) || key in parts || value === '') return undefined;
    parts[key] = value;
  }
  const freq = parts.FREQ as RruleFreq | undefined;
  if (!freq || !(RRULE_FREQS as readonly string[]).includes(freq)) return undefined;
  const interval = positiveInt(parts.INTERVAL, RRULE_MAX_INTERVAL);
  const count = positiveInt(parts.COUNT, RRULE_MAX_COUNT);
  if (interval === undefined || count === undefined) return undefined;
  const until = parts.UNTIL;
  if (until !== undefined && (!UNTIL_RE.test(until) || !isIsoDate(untilDate(until)) || count !== null)) return undefined;
  if (parts.WKST !== undefined && !WEEKDAY_RE.test(parts.WKST)) return undefined;
  for (const key of ['BYMONTHDAY', 'BYMONTH', 'BYSETPOS'] as const) {
    const list = parts[key];
    if (list !== undefined && !list.split(',').every((v) => INT_RE.test(v))) return undefined;
  }
  const simple = freq === 'DAILY' || freq === 'WEEKLY';
  if (simple && (parts.BYMONTHDAY !== undefined || parts.BYMONTH !== undefined || parts.BYSETPOS !== undefined)) return undefined;
  if (parts.BYDAY !== undefined && !parts.BYDAY.split(',').every((d) => (simple ? WEEKDAY_RE : ORDINAL_DAY_RE).test(d))) return undefined;
  if (!someDayExists(parts.BYMONTH, parts.BYMONTHDAY)) return undefined;
  if (!inRange(parts.BYMONTH, 12, false) || !inRange(parts.BYMONTHDAY, 31, true) || !inRange(parts.BYSETPOS, 366, true)) return undefined;
  // Ordinal weekdays of the whole year (`FREQ=YEARLY;BYDAY=20MO`): no picker writes them and the usual exports
  // do not either; refusing them keeps every accepted rule in the arithmetic of series.ts and months.ts.
  if (freq === 'YEARLY' && parts.BYDAY !== undefined && parts.BYMONTH === undefined) return undefined;
  return Object.freeze({ freq, interval: interval ?? 1, count, until: parts.UNTIL ?? null, parts: Object.freeze(parts) });
}

export const isValidRrule = (rule: string): boolean => parseRrule(rule) !== undefined;

/** A rule with some parts set (a string) or removed (null), FREQ first, the other parts in their written order. */
export function withRruleParts(rule: ParsedRrule, changes: Partial<Record<RruleKey, string | null>>): string {
  const parts: Partial<Record<RruleKey, string>> = { ...rule.parts };
  for (const [k, v] of Object.entries(changes) as [RruleKey, string | null][]) {
    if (v === null) delete parts[k];
    else parts[k] = v;
  }
  const { FREQ, ...rest } = parts;
  return [`FREQ=${FREQ}`, ...Object.entries(rest).map(([k, v]) => `${k}=${v}`)].join(';');
}

/** A date as an UNTIL value: `2027-01-01` → `20270101`. */
export const untilOf = (date: string): string => date.replaceAll('-', '');
