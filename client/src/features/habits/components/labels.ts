import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { DayDisplayState } from '@adhd/shared/habits/days';
import { formatTimeOfDay, weekdayNames, type ClockMode } from '../../../lib/dates';
import type { HabitItem, TimeOfDay } from '../logic/types';

/** Translated labels of the habit enums. */
export function useHabitLabels() {
  const { t } = useLingui();
  const timeOfDay: Record<TimeOfDay, string> = {
    anytime: t`Anytime`,
    morning: t`Morning`,
    afternoon: t`Afternoon`,
    evening: t`Evening`,
    custom: t`Custom time`,
  };
  const status: Record<HabitDayStatus, string> = {
    complete: t`Complete`,
    miss: t`Missed`,
    skip: t`Skipped`,
    empty: t`Not marked`,
  };
  const state: Record<DayDisplayState, string> = {
    completed: t`Completed`,
    missed: t`Missed`,
    skipped: t`Skipped`,
    today: t`Today, not marked`,
    empty: t`Not marked`,
    future: t`Future`,
  };

  /** "Daily", "Mon, Wed, Fri", "Every 3 days", "Weekly"… */
  function frequency(h: Pick<HabitItem, 'frequency' | 'customFrequency'>, locale: string): string {
    if (h.frequency === 'daily') return t`Daily`;
    if (h.frequency === 'weekly') return t`Weekly`;
    if (h.frequency === 'monthly') return t`Monthly`;
    const c = h.customFrequency;
    if (c?.type === 'days') {
      const names = weekdayNames(locale, 0, 'short');
      const days = [...(c.days ?? [])].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
      return days.length === 7 ? t`Every day` : days.map((d) => names[d]).join(', ');
    }
    if (c?.type === 'interval') {
      const count = c.interval ?? 1;
      return t({ message: plural(count, { one: 'Every # day', other: 'Every # days' }) });
    }
    return t`Custom`;
  }

  function time(h: Pick<HabitItem, 'timeOfDay' | 'customTime'>, clockMode: ClockMode, locale: string): string {
    if (h.timeOfDay === 'custom' && h.customTime) return formatTimeOfDay(h.customTime, clockMode, locale);
    return timeOfDay[h.timeOfDay];
  }

  return { timeOfDay, status, state, frequency, time };
}

/** Validation keys of SPEC section 5 as translated text. */
export function useValidationText() {
  const { t } = useLingui();
  const messages: Record<string, string> = {
    'validation.titleRequired': t({ id: 'validation.titleRequired', message: 'Title is required' }),
    'validation.frequencyRequired': t({ id: 'validation.frequencyRequired', message: 'Frequency is required' }),
    'validation.selectDaysAndFrequency': t({ id: 'validation.selectDaysAndFrequency', message: 'Please select days and frequency' }),
    'validation.customWeekDay': t({ id: 'validation.customWeekDay', message: 'Please select at least one day' }),
    'validation.intervalRequired': t({ id: 'validation.intervalRequired', message: 'Please enter a valid interval (1 or more days)' }),
    'validation.customTimeRequired': t({ id: 'validation.customTimeRequired', message: 'Please enter a custom time' }),
  };
  return (key: string | undefined): string | undefined => (key === undefined ? undefined : Object.hasOwn(messages, key) ? messages[key] : t`This value is not valid`);
}
