import { i18n } from '@lingui/core';

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
const COOKIE = 'locale';
const COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ru';
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The locale to start with: the cookie, else the browser's language, else English. */
export function initialLocale(): Locale {
  const fromCookie = readCookie(COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** Load a catalog and switch to it; the choice is kept in a cookie for 365 days (SPEC section 9). */
export async function activateLocale(locale: string): Promise<Locale> {
  if (!isLocale(locale)) {
    console.warn(`Unsupported locale "${locale}" ignored`);
    return (i18n.locale as Locale) || 'en';
  }
  const { messages } = locale === 'ru' ? await import('./locales/ru/messages.po') : await import('./locales/en/messages.po');
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=${COOKIE_DAYS * 86400}; samesite=lax`;
  return locale;
}

export { i18n };
