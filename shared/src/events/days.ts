/**
 * Fast calendar-date helpers for the expansion's inner loops: dates as day numbers (days since 1970-01-01) and
 * back to `YYYY-MM-DD` through a bounded memo, since a calendar asks for the same few hundred days over and over.
 * The inputs are already validated dates (schema, parseRrule), so nothing here re-checks them.
 */

const DAY_MS = 86_400_000;
const MEMO_MAX = 20_000;
const strings = new Map<number, string>();

export const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

export const dayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;

export function dateOf(n: number): string {
  let s = strings.get(n);
  if (s === undefined) {
    if (strings.size >= MEMO_MAX) strings.clear();
    s = new Date(n * DAY_MS).toISOString().slice(0, 10);
    strings.set(n, s);
  }
  return s;
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOfDay = (n: number): number => (((n + 4) % 7) + 7) % 7;

export const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
