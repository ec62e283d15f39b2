import { intlLocale, formatTimeOfDay, type ClockMode } from '../../../../lib/dates';

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
    if (withYear) options.year = 'numeric';
    formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(locale), options)));
  }
  return f;
}

/** 'Tue, Mar 5' (with the year when it is not this year's: 'Tue, Mar 5, 2024'); 'вт, 5 мар.' in Russian. */
export function formatEventDay(date: string, locale: string, today: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dayFormat(locale, date.slice(0, 4) !== today.slice(0, 4)).format(new Date(Date.UTC(y, m - 1, d)));
}

export interface WhenParts {
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
}

/**
 * When an event happens, in the user's locale and clock (issue 15): 'Tue, Mar 5 · 09:00–10:00', a multi-day
 * timed event 'Tue, Mar 5, 22:00 – Wed, Mar 6, 01:00', an all-day one 'Tue, Mar 5' or 'Tue, Mar 5 – Thu, Mar 7'
 * (the caller adds its 'All day' label).
 */
export function formatWhen(when: WhenParts, opts: { locale: string; clockMode: ClockMode; today: string }): string {
  const { locale, clockMode, today } = opts;
  const day = (d: string) => formatEventDay(d, locale, today);
  const time = (t: string) => formatTimeOfDay(t, clockMode, locale);
  const endDate = when.endDate ?? when.startDate;
  if (when.allDay || !when.startTime) {
    return endDate === when.startDate ? day(when.startDate) : `${day(when.startDate)} – ${day(endDate)}`;
  }
  const endTime = when.endTime ?? when.startTime;
  if (endDate === when.startDate) return `${day(when.startDate)} · ${time(when.startTime)}–${time(endTime)}`;
  return `${day(when.startDate)}, ${time(when.startTime)} – ${day(endDate)}, ${time(endTime)}`;
}
