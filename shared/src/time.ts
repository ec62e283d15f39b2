/**
 * Pure date helpers. Callers pass `now` and the IANA time zone; nothing here reads a clock.
 * Calendar dates are `YYYY-MM-DD` strings; arithmetic on them happens in UTC, where every day has 24 hours,
 * so DST transitions never shift a date.
 */

import { BoundedCache } from './bounded-cache.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;
/** Longer than any IANA zone name; a longer string is refused before the runtime parses it. */
export const TIME_ZONE_MAX_LENGTH = 64;
/**
 * Formatters by canonical zone name, and canonical names by lower-cased spelling (zone names match without
 * regard to ASCII case). Requests name zones in any spelling (`x-timezone: eUrOpE/bErLiN`): keyed by the raw
 * header, 20,000 spellings of one zone cost 560 MB (issue 12, point 2). Both caches are bounded, and only valid
 * zones are ever cached.
 */
const formatters = new BoundedCache<string, Intl.DateTimeFormat>(500);
const zoneNames = new BoundedCache<string, string>(1_000);
/** The characters of IANA zone names; other spellings are checked by the runtime each time, never cached. */
const ZONE_CHARS = /^[A-Za-z0-9_+/-]+$/;

function newFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return undefined;
  }
}

/**
 * The runtime's canonical name of an IANA zone in any spelling (`europe/berlin` → `Europe/Berlin`,
 * `US/Eastern` → `America/New_York`), or undefined for anything that is not a zone. Invalid input is never
 * cached; valid input costs one formatter the first time its canonical zone is seen.
 */
export function canonicalTimeZone(tz: unknown): string | undefined {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > TIME_ZONE_MAX_LENGTH) return undefined;
  if (formatters.get(tz)) return tz; // already canonical: the usual case
  const key = ZONE_CHARS.test(tz) ? tz.toLowerCase() : undefined;
  const known = key === undefined ? undefined : zoneNames.get(key);
  if (known !== undefined) return known;
  const f = newFormatter(tz);
  if (!f) return undefined;
  const zone = f.resolvedOptions().timeZone;
  if (key !== undefined) zoneNames.set(key, zone);
  if (!formatters.get(zone)) formatters.set(zone, f);
  return zone;
}

/** How many entries the zone caches hold (for diagnostics and the tests of their bounds). */
export function zoneCacheSizes(): { formatters: number; spellings: number } {
  return { formatters: formatters.size, spellings: zoneNames.size };
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const zone = canonicalTimeZone(timeZone);
  let f = zone === undefined ? undefined : formatters.get(zone);
  if (zone !== undefined && !f) {
    f = newFormatter(zone);
    if (f) formatters.set(zone, f);
  }
  if (!f) throw new RangeError(`Invalid time zone specified: ${String(timeZone).slice(0, TIME_ZONE_MAX_LENGTH)}`);
  return f;
}

/** True when `tz` is an IANA zone this runtime knows (in any spelling; see canonicalTimeZone). */
export function isValidTimeZone(tz: unknown): tz is string {
  return canonicalTimeZone(tz) !== undefined;
}

/** The zone to use for a request: the canonical name of the given one when valid, else UTC. */
export function resolveTimeZone(tz: unknown): string {
  return canonicalTimeZone(tz) ?? 'UTC';
}

function parts(instant: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) out[p.type] = p.value;
  return out;
}

/** The calendar date (`YYYY-MM-DD`) that `now` falls on in `timeZone`. */
export function todayInZone(now: Date, timeZone: string): string {
  const p = parts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes since local midnight of `now` in `timeZone` (0..1439). */
export function minutesOfDayInZone(now: Date, timeZone: string): number {
  const p = parts(now, timeZone);
  return Number(p.hour) * 60 + Number(p.minute);
}

/** True for a real calendar date in `YYYY-MM-DD` form (rejects 2025-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10) return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** True for an ISO 8601 date-time with an explicit offset or `Z` that parses to a real instant. */
export function isIsoDateTime(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 40) return false;
  if (!DATE_TIME_RE.test(value)) return false;
  if (!isIsoDate(value.slice(0, 10))) return false;
  return !Number.isNaN(Date.parse(value));
}

function toUtcDays(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function fromUtcDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toUtcDays(to) - toUtcDays(from);
}

/** `date` moved by `n` calendar days. */
export function addDays(date: string, n: number): string {
  return fromUtcDays(toUtcDays(date) + n);
}

/** Weekday of a calendar date, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(toUtcDays(date) * DAY_MS).getUTCDay();
}

/** The first day of the week containing `date`, for a week starting on `weekStartDay` (0 = Sunday). */
export function weekStart(date: string, weekStartDay: number): string {
  const offset = (weekdayOf(date) - weekStartDay + 7) % 7;
  return addDays(date, -offset);
}

/**
 * The calendar date a stored date value stands for in `timeZone`: a plain `YYYY-MM-DD` is itself,
 * a date-time is the date it falls on in that zone. Anything else gives null.
 */
export function calendarDateOf(value: string | null | undefined, timeZone: string): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  if (isIsoDateTime(value)) return todayInZone(new Date(value), timeZone);
  return null;
}
