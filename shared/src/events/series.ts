import { dateOf, dayNumber, dayOf, weekdayOfDay } from './days.js';
import { coversRule, periodDays, periodRule } from './months.js';
import { parseRrule, untilDate, type ParsedRrule } from './rrule.js';
import type { EventData } from './schema.js';
import { fromWallMinutes, instantToWall } from './zones.js';

/**
 * The occurrence keys of one recurring event in a window of wall-clock dates of its own zone: `YYYY-MM-DD`
 * (all-day) or `YYYY-MM-DDTHH:mm`. DAILY and WEEKLY rules (the only parts they may have are INTERVAL, COUNT, UNTIL,
 * plain BYDAY and WKST, see parseRrule) are counted by arithmetic, and so are MONTHLY and YEARLY rules, a month
 * at a time (months.ts; parseRrule refuses the one kind that would need more, a YEARLY BYDAY without BYMONTH).
 * `series.test.ts` checks that the arithmetic gives what ical.js's RRULE iterator gives.
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
  else periodic(w, e.startDate);
  return w.out;
}
