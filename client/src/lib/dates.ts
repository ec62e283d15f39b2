import { addDays, daysBetween, isIsoDate, weekStart, weekdayOf } from '@adhd/shared/time';
import { normaliseTime } from '@adhd/shared/validation/fields';

/**
 * Pure date and time helpers for the UI. Calendar dates are `YYYY-MM-DD` strings, times `HH:mm`; callers pass
 * `today` (from `todayInZone`) and the locale, nothing here reads a clock.
 */

export type ClockMode = '12h' | '24h';
export type DatePreset = 'today' | 'tomorrow' | 'weekend' | 'nextWeek' | 'nextMonth';
export const DATE_PRESETS: readonly DatePreset[] = ['today', 'tomorrow', 'weekend', 'nextWeek', 'nextMonth'];

/** SPEC section 9: the date picker offers years from 100 back to 52 ahead. */
export const YEARS_BACK = 100;
export const YEARS_AHEAD = 52;
/** SPEC section 9: the time picker steps by 5 minutes. */
export const TIME_STEP_MINUTES = 5;

const SATURDAY = 6;

/**
 * The date a preset stands for (SPEC section 9): weekend is the next Saturday after today, next week the first
 * day of the following week by the user's week start, next month the first day of the following month.
 */
export function presetDate(preset: DatePreset, today: string, weekStartDay: number): string {
  switch (preset) {
    case 'today':
      return today;
    case 'tomorrow':
      return addDays(today, 1);
    case 'weekend':
      return addDays(today, (SATURDAY - weekdayOf(today) + 7) % 7 || 7);
    case 'nextWeek':
      return addDays(weekStart(today, weekStartDay), 7);
    case 'nextMonth': {
      const [y, m] = splitDate(today);
      return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
    }
  }
}

/** Year, month (1-12) and day of a calendar date. */
export function splitDate(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

export function makeDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Number of days in a month (1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` moved by whole months, the day clamped to the target month's length (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = splitDate(date);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return makeDate(year, month, Math.min(d, daysInMonth(year, month)));
}

/** The six weeks (42 dates) shown for a month, starting on the user's week start day. */
export function monthGrid(year: number, month: number, weekStartDay: number): string[] {
  const first = weekStart(makeDate(year, month, 1), weekStartDay);
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

/** The years the date picker offers around `today`. */
export function yearRange(today: string): number[] {
  const y = splitDate(today)[0];
  return Array.from({ length: YEARS_BACK + YEARS_AHEAD + 1 }, (_, i) => y - YEARS_BACK + i);
}

/** Relative label of a date: today, yesterday, tomorrow, or null for any other date. */
export function relativeDay(date: string, today: string): 'today' | 'yesterday' | 'tomorrow' | null {
  if (!isIsoDate(date) || !isIsoDate(today)) return null;
  const diff = daysBetween(today, date);
  return diff === 0 ? 'today' : diff === -1 ? 'yesterday' : diff === 1 ? 'tomorrow' : null;
}

/** Whole days a due date lies before today (0 when not overdue). */
export function daysOverdue(due: string | null, today: string): number {
  if (!due || !isIsoDate(due)) return 0;
  return Math.max(0, daysBetween(due, today));
}

/** The Intl locale of an app locale (SPEC section 1: en-US, ru-RU). */
export function intlLocale(locale: string | undefined): string {
  return locale === 'ru' ? 'ru-RU' : 'en-US';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f;
}

function utc(date: string): Date {
  const [y, m, d] = splitDate(date);
  return new Date(Date.UTC(y, m - 1, d));
}

/** A date like 'Mar 5, 2025' (en) or '5 мар. 2025 г.' (ru). */
export function formatMediumDate(date: string, locale: string): string {
  return formatter(intlLocale(locale), { dateStyle: 'medium' }).format(utc(date));
}

/** A day with its weekday, for a day cell's name: 'Mon, Nov 23, 2026' (en) or 'пн, 23 нояб. 2026 г.' (ru). */
export function formatDayLabel(date: string, locale: string): string {
  return formatter(intlLocale(locale), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(utc(date));
}

/** 'March 2025' / 'март 2025 г.' */
export function formatMonthYear(year: number, month: number, locale: string): string {
  return formatter(intlLocale(locale), { month: 'long', year: 'numeric' }).format(utc(makeDate(year, month, 1)));
}

/** Month names of the locale, January first, capitalised as a picker shows them ('Ноябрь'). */
export function monthNames(locale: string): string[] {
  const tag = intlLocale(locale);
  const f = formatter(tag, { month: 'long' });
  return Array.from({ length: 12 }, (_, i) => {
    const name = f.format(utc(makeDate(2025, i + 1, 1)));
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  });
}

/** Short weekday names starting on the week start day. */
export function weekdayNames(locale: string, weekStartDay: number, style: 'short' | 'narrow' | 'long' = 'short'): string[] {
  const f = formatter(intlLocale(locale), { weekday: style });
  // 2025-01-05 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(utc(addDays('2025-01-05', (weekStartDay + i) % 7))));
}

/** A full accessible date label, e.g. 'Wednesday, March 5, 2025'. */
export function formatLongDate(date: string, locale: string): string {
  return formatter(intlLocale(locale), { dateStyle: 'full' }).format(utc(date));
}

/** `HH:mm` shown in the user's clock mode: '2:30 PM' or '14:30'. */
export function formatTimeOfDay(time: string, clockMode: ClockMode, locale: string): string {
  const normal = normaliseTime(time);
  if (!normal) return time;
  const [h, m] = normal.split(':').map(Number);
  const options: Intl.DateTimeFormatOptions =
    clockMode === '12h' ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return formatter(intlLocale(locale), options).format(new Date(Date.UTC(2025, 0, 1, h, m)));
}

/**
 * What the user typed into a time field: '' (no time), a normalised `HH:mm`, or null when it cannot be read.
 * Accepts HH:mm and HH:mm:ss with an optional am/pm (SPEC section 5), plus a bare hour with am/pm ('3pm').
 */
export function parseTimeInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const bareHour = /^(\d{1,2})\s*([aApP][mM])$/.exec(trimmed);
  const candidate = bareHour ? `${bareHour[1]}:00 ${bareHour[2]}` : trimmed;
  return normaliseTime(candidate) ?? null;
}

/** Every time of day in `step`-minute steps: '00:00', '00:05', … '23:55'. */
export function timeSteps(step = TIME_STEP_MINUTES): string[] {
  return Array.from({ length: Math.floor(1440 / step) }, (_, i) => `${pad(Math.floor((i * step) / 60))}:${pad((i * step) % 60)}`);
}

/** The step a time falls into ('14:33' → '14:30'), for scrolling the list to it. */
export function nearestStep(time: string, step = TIME_STEP_MINUTES): string {
  const [h, m] = time.split(':').map(Number);
  const total = Math.floor((h * 60 + m) / step) * step;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
