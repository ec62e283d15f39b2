import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { weekdayOf } from '@adhd/shared/time';
import { formatMediumDate, weekdayNames } from '../../../lib/dates';
import type { FormErrorKey } from './logic/form';
import { parseRrule, sortWeekdays, type Repeat } from './logic/rrule';

/** The recurrence of an event in words (issue 15): 'Every week on Mon, Wed', 'Every 2 days, 10 times', 'Monthly until Jun 1, 2027'. */
export function useRecurrenceText() {
  const { t } = useLingui();

  function base(r: Repeat, startDate: string, locale: string): string {
    const n = r.interval;
    switch (r.freq) {
      case 'daily':
        return n === 1 ? t`Every day` : t({ message: plural(n, { one: 'Every # day', other: 'Every # days' }) });
      case 'weekly': {
        const names = weekdayNames(locale, 0, 'short');
        const days = sortWeekdays(r.byDay.length > 0 ? r.byDay : [weekdayOf(startDate)])
          .map((d) => names[d])
          .join(', ');
        const every = n === 1 ? t`Every week` : t({ message: plural(n, { one: 'Every # week', other: 'Every # weeks' }) });
        return t`${every} on ${days}`;
      }
      case 'monthly':
        return n === 1 ? t`Monthly` : t({ message: plural(n, { one: 'Every # month', other: 'Every # months' }) });
      case 'yearly':
        return n === 1 ? t`Yearly` : t({ message: plural(n, { one: 'Every # year', other: 'Every # years' }) });
    }
  }

  return (value: string | null, startDate: string, locale: string): string | null => {
    if (!value) return null;
    const r = parseRrule(value);
    if (!r) return t`Repeats (custom rule)`;
    const rule = base(r, startDate, locale);
    if (r.end.kind === 'until') {
      const date = formatMediumDate(r.end.date, locale);
      return t`${rule} until ${date}`;
    }
    if (r.end.kind === 'count') {
      const count = r.end.count;
      const times = t({ message: plural(count, { one: '# time', other: '# times' }) });
      return t`${rule}, ${times}`;
    }
    return rule;
  };
}

/** A reminder: '5 minutes before', '1 hour before', '1 day before'. */
export function useReminderText() {
  const { t } = useLingui();
  return (minutes: number): string => {
    if (minutes === 0) return t`At the start`;
    if (minutes % 1440 === 0) {
      const days = minutes / 1440;
      return t({ message: plural(days, { one: '# day before', other: '# days before' }) });
    }
    if (minutes % 60 === 0) {
      const hours = minutes / 60;
      return t({ message: plural(hours, { one: '# hour before', other: '# hours before' }) });
    }
    return t({ message: plural(minutes, { one: '# minute before', other: '# minutes before' }) });
  };
}

/** The form's validation messages. */
export function useFormErrorText() {
  const { t } = useLingui();
  const messages: Record<FormErrorKey, string> = {
    titleRequired: t({ id: 'validation.titleRequired', message: 'Title is required' }),
    startDateRequired: t`Start date is required`,
    startTimeRequired: t`Start time is required`,
    endTimeRequired: t`End time is required`,
    endBeforeStart: t`The end can’t be before the start`,
  };
  return (key: FormErrorKey | undefined): string | undefined => (key ? messages[key] : undefined);
}

/** SPEC sections 6 and 8. */
export function useEventMessages() {
  const { t } = useLingui();
  return {
    readOnly: t`This event is read-only and cannot be modified`,
    deleted: t`Event deleted successfully`,
  };
}
