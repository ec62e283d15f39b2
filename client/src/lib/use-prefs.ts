import { useLingui } from '@lingui/react/macro';
import { resolveTimeZone, todayInZone } from '@adhd/shared/time';
import { useEffect, useReducer } from 'react';
import { timeZone } from './api';
import type { ClockMode } from './dates';
import { useAuth } from '../session/auth-store';

export interface UserPrefs {
  timeZone: string;
  weekStartDay: number;
  clockMode: ClockMode;
  /** The app locale, 'en' or 'ru'. */
  locale: string;
}

/** The signed-in user's date and time preferences (SPEC section 3 defaults: browser zone, Sunday, 12h). */
export function usePrefs(): UserPrefs {
  const { user } = useAuth();
  const { i18n } = useLingui();
  return {
    timeZone: resolveTimeZone(user?.timezone || timeZone()),
    weekStartDay: user?.weekStartDay ?? 0,
    clockMode: user?.clockMode === '24h' ? '24h' : '12h',
    locale: i18n.locale || 'en',
  };
}

/**
 * Today's date in the user's zone. Recomputed on every render and when the tab becomes visible again, so a
 * screen left open overnight shows the new day as soon as the user looks at it (no polling timer).
 */
export function useToday(timeZone: string): string {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
  return todayInZone(new Date(), timeZone);
}
