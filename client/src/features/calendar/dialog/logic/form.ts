import { addDays, daysBetween } from '@adhd/shared/time';
import type { EventFields, EventFormValues, EventItem } from './types';

/** The first start time a new timed event gets when the calendar gave none. */
export const DEFAULT_START_TIME = '09:00';
const DEFAULT_DURATION_MINUTES = 60;

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOfDay = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};
/** Minutes since 1970-01-01 00:00 of a wall-clock date and time (no zone: durations between wall times). */
export const wallMinutes = (date: string, time: string): number => daysBetween('1970-01-01', date) * 1440 + minutesOfDay(time);
/** The wall-clock date and time `minutes` after 1970-01-01 00:00. */
export function fromWallMinutes(minutes: number): { date: string; time: string } {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  return { date: addDays('1970-01-01', days), time: `${pad(Math.floor(rest / 60))}:${pad(rest % 60)}` };
}

export interface CreateInitial {
  startDate: string;
  startTime?: string | null;
  endTime?: string | null;
  allDay: boolean;
}

/** A new event's form: the calendar's day or slot, an hour long unless the slot said otherwise. */
export function defaultValues(initial: CreateInitial): EventFormValues {
  const startTime = initial.startTime || DEFAULT_START_TIME;
  const start = wallMinutes(initial.startDate, startTime);
  let end = initial.endTime ? wallMinutes(initial.startDate, initial.endTime) : start + DEFAULT_DURATION_MINUTES;
  if (end <= start && initial.endTime) end += 1440; // a slot ending at or after midnight
  const endAt = fromWallMinutes(end);
  return {
    title: '',
    description: '',
    allDay: initial.allDay,
    startDate: initial.startDate,
    startTime,
    endDate: initial.allDay ? initial.startDate : endAt.date,
    endTime: endAt.time,
    recurrence: null,
    location: '',
    color: null,
    tags: [],
    reminders: [],
  };
}

/** The date and the time (or null) of an occurrence key: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`. */
export function splitOccurrenceKey(key: string): { date: string; time: string | null } {
  const [date, time] = key.split('T');
  return { date: date!, time: time ? time.slice(0, 5) : null };
}

/**
 * The form of an existing event; with `occurrenceStart` (an occurrence of a series) its start moves to that
 * occurrence and its end keeps the series' duration.
 */
export function valuesFromEvent(event: EventItem, occurrenceStart?: string | null): EventFormValues {
  const endDate = event.endDate ?? event.startDate;
  let startDate = event.startDate;
  let start = { date: event.startDate, time: event.startTime ?? DEFAULT_START_TIME };
  let end = { date: endDate, time: event.endTime ?? event.startTime ?? DEFAULT_START_TIME };
  if (occurrenceStart) {
    const occ = splitOccurrenceKey(occurrenceStart);
    if (event.allDay) {
      const span = daysBetween(event.startDate, endDate);
      startDate = occ.date;
      start = { ...start, date: occ.date };
      end = { ...end, date: addDays(occ.date, span) };
    } else {
      const duration = wallMinutes(end.date, end.time) - wallMinutes(start.date, start.time);
      start = { date: occ.date, time: occ.time ?? start.time };
      startDate = occ.date;
      end = fromWallMinutes(wallMinutes(start.date, start.time) + duration);
    }
  }
  return {
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    startDate,
    startTime: event.allDay ? (event.startTime ?? '') : start.time,
    endDate: end.date,
    endTime: event.allDay ? (event.endTime ?? '') : end.time,
    recurrence: event.recurrence,
    location: event.location,
    color: event.color,
    tags: event.tags,
    reminders: event.reminders,
  };
}

/** A new start (date and/or time): the end moves with it, keeping the duration (SPEC-like calendar behaviour). */
export function withStart(values: EventFormValues, change: { startDate?: string; startTime?: string }): EventFormValues {
  const next = { ...values, ...change };
  if (!next.startDate) return next;
  if (values.allDay) {
    if (!values.startDate || !values.endDate) return { ...next, endDate: next.startDate };
    const span = Math.max(0, daysBetween(values.startDate, values.endDate));
    return { ...next, endDate: addDays(next.startDate, span) };
  }
  if (!next.startTime) return next;
  if (!values.startDate || !values.startTime || !values.endDate || !values.endTime) {
    return { ...next, ...endAfter(next.startDate, next.startTime, DEFAULT_DURATION_MINUTES) };
  }
  const duration = Math.max(0, wallMinutes(values.endDate, values.endTime) - wallMinutes(values.startDate, values.startTime));
  return { ...next, ...endAfter(next.startDate, next.startTime, duration) };
}

function endAfter(date: string, time: string, minutes: number): { endDate: string; endTime: string } {
  const end = fromWallMinutes(wallMinutes(date, time) + minutes);
  return { endDate: end.date, endTime: end.time };
}

/** The all-day switch: times are kept in the form while hidden; a timed event without times gets the default hour. */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  if (allDay || (values.startTime && values.endTime)) return { ...values, allDay };
  const startTime = values.startTime || DEFAULT_START_TIME;
  return { ...values, allDay, startTime, ...endAfter(values.startDate, startTime, DEFAULT_DURATION_MINUTES) };
}

export type FormErrorKey = 'titleRequired' | 'startDateRequired' | 'startTimeRequired' | 'endTimeRequired' | 'endBeforeStart';
export interface FormErrors {
  title?: FormErrorKey;
  start?: FormErrorKey;
  end?: FormErrorKey;
}

/** SPEC section 5: the title is required (after trimming); the end is not before the start. */
export function validate(values: EventFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.title.trim()) errors.title = 'titleRequired';
  if (!values.startDate) errors.start = 'startDateRequired';
  else if (!values.allDay && !values.startTime) errors.start = 'startTimeRequired';
  if (!values.allDay && !values.endTime) errors.end = 'endTimeRequired';
  if (!errors.start && !errors.end) {
    const endDate = values.endDate || values.startDate;
    const before = values.allDay
      ? endDate < values.startDate
      : wallMinutes(endDate, values.endTime) < wallMinutes(values.startDate, values.startTime);
    if (before) errors.end = 'endBeforeStart';
  }
  return errors;
}

/** The stored fields of a form: trimmed title, null end date for the same day, no times on an all-day event. */
export function toFields(values: EventFormValues): EventFields {
  const endDate = values.endDate && values.endDate !== values.startDate ? values.endDate : null;
  return {
    title: values.title.trim(),
    description: values.description,
    allDay: values.allDay,
    startDate: values.startDate,
    endDate,
    startTime: values.allDay ? null : values.startTime || null,
    endTime: values.allDay ? null : values.endTime || null,
    recurrence: values.recurrence,
    location: values.location.trim(),
    color: values.color,
    tags: values.tags,
    reminders: [...values.reminders].sort((a, b) => a - b),
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The stored fields that differ between two forms: what `event.update` sends. */
export function changedFields(initial: EventFormValues, values: EventFormValues): Partial<EventFields> {
  const before = toFields(initial);
  const after = toFields(values);
  const out: Partial<EventFields> = {};
  for (const key of Object.keys(after) as (keyof EventFields)[]) {
    if (!same(before[key], after[key])) (out as Record<string, unknown>)[key] = after[key];
  }
  return out;
}

/** SPEC section 4: a change from the starting form (an edit's event, a creation's defaults). */
export const isDirty = (initial: EventFormValues, values: EventFormValues): boolean => !same(initial, values);
