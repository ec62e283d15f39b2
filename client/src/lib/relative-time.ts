import { intlLocale } from './dates';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "yesterday", "3 weeks ago" in the user's language. */
export function relativeTime(iso: string, now: number, locale: string): string {
  let value = (Date.parse(iso) - now) / 1000;
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size || unit === 'year') {
      // Under a minute reads "now" rather than a count of seconds.
      if (unit === 'second') return format.format(0, 'second');
      return format.format(Math.round(value), unit);
    }
    value /= size;
  }
  return '';
}
