import { useLingui } from '@lingui/react/macro';
import { resolveTimeZone, todayInZone } from '@adhd/shared/time';
import { useEffect, useReducer } from 'react';
import type { ClockMode } from '../../../lib/dates';
import { useAuth } from '../../auth/auth-store';

export interface HabitPrefs {
  timeZone: string;
  weekStartDay: number;
  clockMode: ClockMode;
  locale: string;
}

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The signed-in user's zone, week start, clock and locale (SPEC section 3 defaults). */
export function useHabitPrefs(): HabitPrefs {
  const { user } = useAuth();
  const { i18n } = useLingui();
  return {
    timeZone: resolveTimeZone(user?.timezone || browserZone()),
    weekStartDay: user?.weekStartDay ?? 0,
    clockMode: user?.clockMode === '24h' ? '24h' : '12h',
    locale: i18n.locale || 'en',
  };
}

/** Today in the user's zone; re-read when the tab becomes visible again so an overnight tab moves on. */
export function useToday(timeZone: string): string {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
  return todayInZone(new Date(), timeZone);
}
