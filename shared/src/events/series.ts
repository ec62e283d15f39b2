import ICAL from 'ical.js';
import { dateOf, dayNumber, dayOf, weekdayOfDay } from './days.js';
import { coversRule, periodDays, periodRule } from './months.js';
import { parseRrule, untilDate, type ParsedRrule } from './rrule.js';
import type { EventData } from './schema.js';
import { fromWallMinutes, instantToWall } from './zones.js';

/**
 * The occurrence keys of one recurring event in a window of wall-clock dates of its own zone: `YYYY-MM-DD`
 * (all-day) or `YYYY-MM-DDTHH:mm`. DAILY and WEEKLY rules (the only parts they may have are INTERVAL, COUNT, UNTIL,
 * plain BYDAY and WKST, see parseRrule) are counted by arithmetic, and so are MONTHLY and YEARLY rules whose
 * days a month at a time tell (months.ts); the rest (a YEARLY BYDAY without BYMONTH) go through ical.js's RRULE
 * iterator (`ICAL.Recur#iterator`). `series.test.ts` checks that the arithmetic gives what ical.js gives.
 * Without COUNT the iteration starts at the period containing the window, not at the event's first date, so a
 * daily event from ten years ago costs the window's days only. Every series stops after MAX_STEPS steps.
 */

export const MAX_STEPS = 5_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export type SeriesFields = Pick<EventData, 'recurrence' | 'startDate' | 'startTime' | 'allDay'>;

/** The key of an occurrence starting on `date` of a series (its time is the series' start time). */
export const occurrenceKey = (e: Pick<EventData, 'allDay' | 'startTime'>, date: string): string =>
  e.allDay || !e.startTime ? date : `${date}T${e.startTime}`;

/** The key of the series' first occurrence (its DTSTART). */
export const firstKey = (e: Pick<EventData, 'allDay' | 'startTime' | 'startDate'>): string => occurrenceKey(e, e.startDate);

/**
 * The last key UNTIL allows, in the series' wall clock: a date UNTIL includes the whole day; a UTC UNTIL (`…Z`)
 * is read in `zone`; a floating one as written.
 */
export function untilKey(e: SeriesFields, until: string, zone: string): string {
  const date = untilDate(until);
  if (until.length === 8) return e.allDay ? date : `${date}T23:59`;
  let wall = `${date}T${until.slice(9, 11)}:${until.slice(11, 13)}`;
  if (until.endsWith('Z')) {
    const instant = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(until.slice(9, 11)), Number(until.slice(11, 13))) / 60_000;
    const [d, t] = fromWallMinutes(instantToWall(instant, zone));
    wall = `${d}T${t}`;
  }
  return e.allDay ? wall.slice(0, 10) : wall;
}

interface Walk {
  rule: ParsedRrule;
  /** Inclusive window of wall dates. */
  lo: string;
  hi: string;
  last: string | null;
  key: (date: string) => string;
  out: string[];
}

/** Offer one occurrence date; false when the walk is over (past the window or UNTIL). */
function offer(w: Walk, date: string): boolean {
  if (date > w.hi) return false;
  const key = w.key(date);
  if (w.last !== null && key > w.last) return false;
  if (date >= w.lo) w.out.push(key);
  return true;
}

function daily(w: Walk, start: string): void {
  const { interval, count, parts } = w.rule;
  const days = parts.BYDAY ? new Set(parts.BYDAY.split(',').map((d) => WEEKDAYS.indexOf(d))) : null;
  const d0 = dayNumber(start);
  // Without BYDAY every step is an occurrence, so COUNT still allows jumping to the window.
  const skip = count === null || days === null ? Math.max(0, Math.ceil((dayNumber(w.lo) - d0) / interval)) : 0;
  let emitted = count === null ? 0 : skip;
  for (let k = skip, steps = 0; steps < MAX_STEPS; k++, steps++) {
    if (count !== null && emitted >= count) return;
    const day = d0 + k * interval;
    // The first day is an occurrence even off BYDAY (an unsynchronised DTSTART, RFC 5545), as ical.js counts it.
    if (days && k !== 0 && !days.has(weekdayOfDay(day))) {
      if (dateOf(day) > w.hi) return;
      continue;
    }
    emitted++;
    if (!offer(w, dateOf(day))) return;
  }
}

function weekly(w: Walk, start: string): void {
  const { interval, count, parts } = w.rule;
  const wkst = WEEKDAYS.indexOf(parts.WKST ?? 'MO');
  const d0 = dayNumber(start);
  const weekdays = parts.BYDAY ? parts.BYDAY.split(',').map((d) => WEEKDAYS.indexOf(d)) : [weekdayOfDay(d0)];
  const offsets = [...new Set(weekdays.map((d) => (d - wkst + 7) % 7))].sort((a, b) => a - b);
  const week0 = d0 - ((weekdayOfDay(d0) - wkst + 7) % 7);
  const period = 7 * interval;
  const skip = count === null ? Math.max(0, Math.floor((dayNumber(w.lo) - week0) / period)) : 0;
  let emitted = 0;
  for (let k = skip, steps = 0; steps < MAX_STEPS; k++, steps++) {
    const base = week0 + k * period;
    for (const off of offsets) {
      const day = base + off;
      if (day < d0) continue;
      if (count !== null && emitted >= count) return;
      emitted++;
      if (!offer(w, dateOf(day))) return;
    }
  }
}

/** MONTHLY and YEARLY rules the period arithmetic covers (months.ts); false when it does not. */
function periodic(w: Walk, start: string): boolean {
  const p = periodRule(w.rule, start);
  if (!coversRule(w.rule, p)) return false;
  const { freq, interval, count } = w.rule;
  const [y0, m0] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const d0 = dayNumber(start);
  let skip = 0;
  if (count === null) {
    const years = Number(w.lo.slice(0, 4)) - y0;
    skip = Math.max(0, Math.floor((freq === 'YEARLY' ? years : years * 12 + Number(w.lo.slice(5, 7)) - m0) / interval));
  }
  /** The first day of period `k`: a month, or a year from January. */
  const periodStart = (k: number) => {
    if (freq === 'YEARLY') return dayOf(y0 + k * interval, 1, 1);
    const total = y0 * 12 + m0 - 1 + k * interval;
    return dayOf(Math.floor(total / 12), (total % 12) + 1, 1);
  };
  let emitted = 0;
  for (let k = skip, steps = 0; steps < MAX_STEPS; k++, steps++) {
    for (const day of periodDays(w.rule, p, y0, m0, k)) {
      if (day < d0) continue;
      if (count !== null && emitted >= count) return true;
      emitted++;
      if (!offer(w, dateOf(day))) return true;
    }
    // A period past the window ends the walk even when it had no occurrence (BYMONTH limits).
    if (dateOf(periodStart(k + 1)) > w.hi) return true;
  }
  return true;
}

/**
 * The rule ical.js iterates: UNTIL is left out (the walk applies it in the event's zone), and the day an RFC 5545
 * rule takes from DTSTART is written out (`FREQ=MONTHLY` from Jan 31 → `BYMONTHDAY=31`, so months without a 31st
 * are skipped; `FREQ=YEARLY` from Feb 29 → `BYMONTH=2;BYMONTHDAY=29`, leap years only) since ical.js would
 * otherwise roll over into the next month.
 */
function icalRule(rule: ParsedRrule, start: string): string {
  const parts: Record<string, string> = { ...rule.parts };
  delete parts.UNTIL;
  const day = String(Number(start.slice(8, 10)));
  if (!parts.BYDAY && !parts.BYMONTHDAY) {
    parts.BYMONTHDAY = day;
    if (rule.freq === 'YEARLY' && !parts.BYMONTH) parts.BYMONTH = String(Number(start.slice(5, 7)));
  }
  return Object.entries(parts)
    .map(([k, v]) => `${k}=${v}`)
    .join(';');
}

function iterated(w: Walk, start: string, time: string | null): void {
  const { freq, interval, count } = w.rule;
  let first = start;
  if (count === null) {
    // Start at the first day of the period (month or year) holding the window's first date. The rule always has a
    // BYDAY or BYMONTHDAY (icalRule), so ical.js starts at the first day that matches it, never at that 1st itself.
    const months = (Number(w.lo.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(w.lo.slice(5, 7)) - Number(start.slice(5, 7));
    const span = freq === 'YEARLY' ? 12 * interval : interval;
    const k = Math.floor(months / span);
    if (k > 0) {
      const total = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + k * span;
      first = `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`;
    }
  }
  const [y, m, d] = [Number(first.slice(0, 4)), Number(first.slice(5, 7)), Number(first.slice(8, 10))];
  const dtstart = time
    ? ICAL.Time.fromData({ year: y, month: m, day: d, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), second: 0, isDate: false })
    : ICAL.Time.fromData({ year: y, month: m, day: d, isDate: true });
  try {
    const it = ICAL.Recur.fromString(icalRule(w.rule, start)).iterator(dtstart);
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      const next = it.next();
      if (!next) return;
      const date = `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`;
      if (date < start) continue;
      if (!offer(w, date)) return;
    }
  } catch {
    // ical.js gives up on a rule it cannot match (a BYDAY/BYMONTHDAY pair no month has): no more occurrences.
  }
}

/**
 * The occurrence keys of `e` whose start date is in [lo, hi] (wall dates of the event's `zone`), in order.
 * Exdates and overrides are not applied here. A missing or invalid rule gives the first occurrence alone.
 */
export function seriesKeys(e: SeriesFields, lo: string, hi: string, zone: string): string[] {
  const rule = e.recurrence ? parseRrule(e.recurrence) : undefined;
  const key = (date: string) => occurrenceKey(e, date);
  if (!rule) return e.startDate >= lo && e.startDate <= hi ? [key(e.startDate)] : [];
  const w: Walk = { rule, lo, hi, last: rule.until ? untilKey(e, rule.until, zone) : null, key, out: [] };
  if (rule.freq === 'DAILY') daily(w, e.startDate);
  else if (rule.freq === 'WEEKLY') weekly(w, e.startDate);
  else if (!periodic(w, e.startDate)) iterated(w, e.startDate, e.allDay ? null : e.startTime);
  return w.out;
}
