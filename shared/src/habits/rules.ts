/**
 * The habit rules that involve several fields (SPEC section 5), as translation keys by field. The form shows
 * them as the user types; `habit.create` and `habit.update` refuse a habit that breaks one of them.
 */
export interface HabitRuleValues {
  title?: string;
  frequency?: string | null;
  customFrequency?: { type?: string; days?: number[]; interval?: number | null } | null;
  timeOfDay?: string;
  customTime?: string | null;
}

export type HabitRuleErrors = Partial<Record<'title' | 'frequency' | 'customFrequency' | 'customFrequency.days' | 'customFrequency.interval' | 'customTime', string>>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function habitRuleErrors(h: HabitRuleValues, opts: { checkTitle?: boolean } = {}): HabitRuleErrors {
  const errors: HabitRuleErrors = {};
  if (opts.checkTitle && !(h.title ?? '').trim()) errors.title = 'validation.titleRequired';
  if (!h.frequency) errors.frequency = 'validation.frequencyRequired';
  if (h.frequency === 'custom') {
    const c = h.customFrequency;
    if (!c || (c.type !== 'days' && c.type !== 'interval')) errors.customFrequency = 'validation.selectDaysAndFrequency';
    else if (c.type === 'days' && (c.days?.length ?? 0) === 0) errors['customFrequency.days'] = 'validation.customWeekDay';
    else if (c.type === 'interval') {
      const n = c.interval;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 365) errors['customFrequency.interval'] = 'validation.intervalRequired';
    }
  }
  if (h.timeOfDay === 'custom' && !(h.customTime && HHMM.test(h.customTime))) errors.customTime = 'validation.customTimeRequired';
  return errors;
}
