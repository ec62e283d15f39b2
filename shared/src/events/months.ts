import type { ParsedRrule } from './rrule.js';
import { dayOf, daysInMonth, weekdayOfDay } from './days.js';

/**
 * The occurrence days of MONTHLY and YEARLY rules, one period (month or year) at a time, by arithmetic: BYMONTHDAY
 * (negative from the end), BYDAY (plain, or with an ordinal within the month), their intersection, BYMONTH and
 * BYSETPOS, as RFC 5545 defines them. A YEARLY rule with BYDAY needs BYMONTH (parseRrule refuses one without).
 */

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const BYDAY_RE = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/;

export interface PeriodRule {
  monthDays: number[] | null;
  byDay: { n: number; wd: number }[] | null;
  months: number[] | null;
  setPos: number[] | null;
}

const ints = (v: string | undefined) => (v === undefined ? null : v.split(',').map(Number));

export function periodRule(rule: ParsedRrule, start: string): PeriodRule {
  const byDay = rule.parts.BYDAY
    ? rule.parts.BYDAY.split(',').map((t) => {
        const m = BYDAY_RE.exec(t)!;
        return { n: m[1] ? Number(m[1]) : 0, wd: WEEKDAYS.indexOf(m[2]!) };
      })
    : null;
  let monthDays = ints(rule.parts.BYMONTHDAY);
  let months = ints(rule.parts.BYMONTH);
  // The parts RFC 5545 takes from DTSTART when the rule names none.
  if (!byDay && !monthDays) monthDays = [Number(start.slice(8, 10))];
  if (rule.freq === 'YEARLY' && !months && !byDay) {
    months = rule.parts.BYMONTHDAY ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [Number(start.slice(5, 7))];
  }
  return { monthDays, byDay, months, setPos: ints(rule.parts.BYSETPOS) };
}

/** Whether the arithmetic here covers the rule (every rule parseRrule accepts). */
export const coversRule = (rule: ParsedRrule, p: PeriodRule): boolean => rule.freq === 'MONTHLY' || p.months !== null;

/** The rule's days (day numbers, ascending) in one month, before BYSETPOS. */
function monthSet(y: number, m: number, p: PeriodRule): number[] {
  const len = daysInMonth(y, m);
  let days: Set<number> | null = null;
  if (p.monthDays) days = new Set(p.monthDays.map((d) => (d > 0 ? d : len + 1 + d)).filter((d) => d >= 1 && d <= len));
  if (p.byDay) {
    const first = weekdayOfDay(dayOf(y, m, 1));
    const matching = new Set<number>();
    for (const { n, wd } of p.byDay) {
      const all: number[] = [];
      for (let d = 1 + ((wd - first + 7) % 7); d <= len; d += 7) all.push(d);
      if (n === 0) all.forEach((d) => matching.add(d));
      else {
        const d = n > 0 ? all[n - 1] : all[all.length + n];
        if (d !== undefined) matching.add(d);
      }
    }
    days = days ? new Set([...days].filter((d) => matching.has(d))) : matching;
  }
  const base = dayOf(y, m, 1) - 1;
  return [...(days ?? [])].sort((a, b) => a - b).map((d) => base + d);
}

function applySetPos(days: number[], setPos: number[] | null): number[] {
  if (!setPos) return days;
  const picked = new Set<number>();
  for (const p of setPos) {
    const d = p > 0 ? days[p - 1] : days[days.length + p];
    if (d !== undefined) picked.add(d);
  }
  return [...picked].sort((a, b) => a - b);
}

/** The occurrence days of period `k` (0 = the period holding the start) of a MONTHLY or YEARLY rule. */
export function periodDays(rule: ParsedRrule, p: PeriodRule, startY: number, startM: number, k: number): number[] {
  if (rule.freq === 'MONTHLY') {
    const total = startY * 12 + startM - 1 + k * rule.interval;
    const [y, m] = [Math.floor(total / 12), (total % 12) + 1];
    if (p.months && !p.months.includes(m)) return [];
    return applySetPos(monthSet(y, m, p), p.setPos);
  }
  const y = startY + k * rule.interval;
  const months = [...p.months!].sort((a, b) => a - b);
  return applySetPos(months.flatMap((m) => monthSet(y, m, p)), p.setPos);
}
