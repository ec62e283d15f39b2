import { habitRuleErrors } from '@adhd/shared/habits/rules';
import { HABIT_DEFAULT_COLOR, HABIT_DEFAULT_ICON } from '@adhd/shared/habits/schema';
import type { CustomFrequency, HabitItem, TimeOfDay } from './types';

/** The frequency choice of the form (SPEC section 4): daily, days of week, or every N days. */
export type FrequencyMode = 'daily' | 'days' | 'interval';

/** What the habit form edits. `interval` is the text of the number field so a cleared field can be shown. */
export interface HabitFormValues {
  title: string;
  description: string;
  mode: FrequencyMode | null;
  days: number[];
  interval: string;
  startDate: string;
  timeOfDay: TimeOfDay;
  customTime: string;
  icon: string;
  color: string;
  tags: string[];
  isActive: boolean;
}

export function defaultValues(today: string): HabitFormValues {
  return {
    title: '',
    description: '',
    mode: 'daily',
    days: [],
    interval: '2',
    startDate: today,
    timeOfDay: 'anytime',
    customTime: '',
    icon: HABIT_DEFAULT_ICON,
    color: HABIT_DEFAULT_COLOR,
    tags: [],
    isActive: true,
  };
}

function modeOf(h: Pick<HabitItem, 'frequency' | 'customFrequency'>): FrequencyMode | null {
  if (h.frequency === 'daily') return 'daily';
  if (h.frequency === 'custom' && h.customFrequency?.type === 'days') return 'days';
  if (h.frequency === 'custom' && h.customFrequency?.type === 'interval') return 'interval';
  return null;
}

export function valuesFromHabit(h: HabitItem): HabitFormValues {
  return {
    title: h.title,
    description: h.description,
    mode: modeOf(h),
    days: [...(h.customFrequency?.days ?? [])].sort(),
    interval: h.customFrequency?.interval ? String(h.customFrequency.interval) : '2',
    startDate: h.startDate,
    timeOfDay: h.timeOfDay,
    customTime: h.customTime ?? '',
    icon: h.icon,
    color: h.color,
    tags: [...h.tags],
    isActive: h.isActive,
  };
}

/**
 * The frequency choice and its side effects (SPEC section 4): 'daily' clears the custom rule, 'days of week'
 * and 'every N days' switch to a custom rule of that type, and choosing the interval on a new habit resets the
 * start date to today.
 */
export function chooseMode(values: HabitFormValues, mode: FrequencyMode, creating: boolean, today: string): HabitFormValues {
  const next = { ...values, mode };
  if (mode === 'interval' && creating) next.startDate = today;
  return next;
}

export function toggleDay(values: HabitFormValues, day: number): HabitFormValues {
  const days = values.days.includes(day) ? values.days.filter((d) => d !== day) : [...values.days, day].sort();
  return { ...values, days };
}

/** The stored frequency fields for the chosen mode. */
export function frequencyFields(v: HabitFormValues): { frequency: 'daily' | 'custom' | null; customFrequency: CustomFrequency | null } {
  if (v.mode === 'daily') return { frequency: 'daily', customFrequency: null };
  if (v.mode === 'days') return { frequency: 'custom', customFrequency: { type: 'days', days: v.days } };
  if (v.mode === 'interval') {
    const n = /^\d+$/.test(v.interval.trim()) ? Number(v.interval) : Number.NaN;
    return { frequency: 'custom', customFrequency: { type: 'interval', interval: Number.isNaN(n) ? undefined : n } };
  }
  return { frequency: null, customFrequency: null };
}

export type FormErrorField = 'title' | 'frequency' | 'days' | 'interval' | 'customTime';

/** Translation keys of SPEC section 5 by form field; empty when the habit can be saved. */
export function validate(v: HabitFormValues): Partial<Record<FormErrorField, string>> {
  const f = frequencyFields(v);
  const rules = habitRuleErrors(
    { title: v.title, frequency: f.frequency, customFrequency: f.customFrequency, timeOfDay: v.timeOfDay, customTime: v.customTime || null },
    { checkTitle: true },
  );
  const out: Partial<Record<FormErrorField, string>> = {};
  if (rules.title) out.title = rules.title;
  if (rules.frequency) out.frequency = rules.frequency;
  if (rules.customFrequency) out.frequency = rules.customFrequency;
  if (rules['customFrequency.days']) out.days = rules['customFrequency.days'];
  if (rules['customFrequency.interval']) out.interval = rules['customFrequency.interval'];
  if (rules.customTime) out.customTime = rules.customTime;
  return out;
}

/** The stored fields the form produces (what `habit.create` takes, without the id). */
export function toFields(v: HabitFormValues) {
  const f = frequencyFields(v);
  return {
    title: v.title.trim(),
    description: v.description,
    frequency: f.frequency ?? 'daily',
    customFrequency: f.customFrequency,
    startDate: v.startDate,
    timeOfDay: v.timeOfDay,
    customTime: v.timeOfDay === 'custom' ? v.customTime : null,
    icon: v.icon,
    color: v.color,
    tags: v.tags,
    isActive: v.isActive,
  };
}

/** The fields of an edit that differ from the habit as it was opened (what `habit.update` gets). */
export function changedFields(initial: HabitFormValues, v: HabitFormValues): Partial<ReturnType<typeof toFields>> {
  const before = toFields(initial);
  const after = toFields(v);
  return Object.fromEntries(Object.entries(after).filter(([k, val]) => JSON.stringify(val) !== JSON.stringify(before[k as keyof typeof before])));
}

/** Unsaved changes: editing compares with the habit as opened, creating with the defaults (SPEC section 4). */
export function isDirty(initial: HabitFormValues, v: HabitFormValues): boolean {
  return JSON.stringify(initial) !== JSON.stringify(v);
}

/** A create preset: a few fields that pre-fill the form. */
export type HabitPreset = Partial<Omit<HabitFormValues, 'startDate'>>;

export function applyPreset(base: HabitFormValues, preset: HabitPreset): HabitFormValues {
  return { ...base, ...preset };
}
