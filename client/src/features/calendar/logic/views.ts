import { addDays, weekStart } from '@adhd/shared/time';
import { addMonths, intlLocale, makeDate, splitDate } from '../../../lib/dates';

/** The calendar's views (SPEC section 9): month, week, day and days (2–7 days, 3 by default). */
export type CalendarView = 'month' | 'week' | 'day' | 'days';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week', 'day', 'days'];
export const DEFAULT_DAYS = 3;
export const MIN_DAYS = 2;
export const MAX_DAYS = 7;

/** FullCalendar's view name of each view ('timeGridDays' is a timeGrid of `days` days, set in the options). */
export const FC_VIEW: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  days: 'timeGridDays',
};

export const clampDays = (n: number): number => (Number.isInteger(n) ? Math.min(MAX_DAYS, Math.max(MIN_DAYS, n)) : DEFAULT_DAYS);

/** The days a view shows around `anchor`, first and last inclusive (a month shows six whole weeks). */
export function visibleRange(view: CalendarView, anchor: string, weekStartDay: number, days: number): { from: string; to: string } {
  switch (view) {
    case 'month': {
      const [y, m] = splitDate(anchor);
      const from = weekStart(makeDate(y, m, 1), weekStartDay);
      return { from, to: addDays(from, 41) };
    }
    case 'week': {
      const from = weekStart(anchor, weekStartDay);
      return { from, to: addDays(from, 6) };
    }
    case 'day':
      return { from: anchor, to: anchor };
    case 'days':
      return { from: anchor, to: addDays(anchor, days - 1) };
  }
}

/** The anchor one step back (-1) or forward (+1): a month, a week, a day, or the days shown. */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1, days: number): string {
  switch (view) {
    case 'month': {
      const [y, m] = splitDate(anchor);
      return addMonths(makeDate(y, m, 1), direction);
    }
    case 'week':
      return addDays(anchor, 7 * direction);
    case 'day':
      return addDays(anchor, direction);
    case 'days':
      return addDays(anchor, days * direction);
  }
}

/** The anchor that shows `date` in `view` (a month view is anchored on the 1st). */
export function anchorFor(view: CalendarView, date: string): string {
  if (view !== 'month') return date;
  const [y, m] = splitDate(date);
  return makeDate(y, m, 1);
}

const utc = (date: string) => {
  const [y, m, d] = splitDate(date);
  return new Date(Date.UTC(y, m - 1, d));
};
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' })));
  return f;
}
const capitalise = (s: string, locale: string) => s.charAt(0).toLocaleUpperCase(intlLocale(locale)) + s.slice(1);

/**
 * The toolbar's title: 'March 2025', 'Mar 3 – 9, 2025', 'Wednesday, March 5, 2025' (in the UI locale). A week or
 * days range within `today`'s year leaves the year out ('Mar 3 – 9'), so the title fits a 375 px toolbar.
 */
export function rangeTitle(view: CalendarView, anchor: string, range: { from: string; to: string }, locale: string, today?: string): string {
  if (view === 'month') return capitalise(format(locale, { month: 'long', year: 'numeric' }).format(utc(anchor)), locale);
  if (view === 'day') return capitalise(format(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(anchor)), locale);
  const year = today?.slice(0, 4);
  const thisYear = year !== undefined && range.from.startsWith(year) && range.to.startsWith(year);
  return format(locale, thisYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(utc(range.from), utc(range.to));
}
