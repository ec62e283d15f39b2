import { intlLocale } from '../../lib/dates';

/** A creation date like 'Mar 5, 2025' (en) or '5 мар. 2025 г.' (ru). */
export function shortDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(iso));
}
