import { minutesOfDayInZone, todayInZone } from '../time.js';
import { TIME_OF_DAY_MINUTES } from './schema.js';

/**
 * When a habit is due (SPEC section 4, "Scheduling" and "Time yet"). Pure: callers pass the date, or `now`
 * and the user's time zone. Calendar dates are `YYYY-MM-DD`; all arithmetic is on whole UTC days, so DST
 * changes and leap days never shift a date.
 */

export interface ScheduleRule {
  frequency: string;
  customFrequency?: { type: string; days?: number[]; interval?: number } | null;
  /** `YYYY-MM-DD`; counts for interval habits. */
  startDate?: string | null;
}

export interface TimeRule {
  timeOfDay: string;
  customTime?: string | null;
}

const DAY_MS = 86_400_000;

/**
 * A calendar date as a whole-day number (days since 1970-01-01); NaN for anything that is not a real
 * `YYYY-MM-DD` date. Pure integer arithmetic (no Date, no regex): streaks parse every mark with it.
 */
export function dayNumber(date: string): number {
  if (typeof date !== 'string' || date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  let y = 0;
  for (let i = 0; i < 4; i++) {
    const c = date.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    y = y * 10 + c;
  }
  const m1 = date.charCodeAt(5) - 48;
  const m2 = date.charCodeAt(6) - 48;
  const d1 = date.charCodeAt(8) - 48;
  const d2 = date.charCodeAt(9) - 48;
  if (m1 < 0 || m1 > 9 || m2 < 0 || m2 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return Number.NaN;
  const m = m1 * 10 + m2;
  const d = d1 * 10 + d2;
  if (m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) return Number.NaN;
  // Days from the civil date (H. Hinnant's algorithm), years starting in March.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function monthLength(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The calendar date of a whole-day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;

/**
 * A fast test `day number → scheduled?` for one habit: daily always; custom days by weekday membership;
 * custom interval when the whole days since `startDate` are ≥ 0 and divisible by the interval (1-365);
 * any other frequency (weekly, monthly, a custom rule without its data) is never scheduled.
 */
export function scheduleTest(rule: ScheduleRule): (day: number) => boolean {
  if (rule.frequency === 'daily') return () => true;
  const custom = rule.frequency === 'custom' ? rule.customFrequency : null;
  if (custom?.type === 'days') {
    const mask = new Array<boolean>(7).fill(false);
    for (const d of custom.days ?? []) if (Number.isInteger(d) && d >= 0 && d <= 6) mask[d] = true;
    return (day) => mask[weekdayOfDay(day)]!;
  }
  if (custom?.type === 'interval') {
    const interval = custom.interval;
    const start = rule.startDate ? dayNumber(rule.startDate) : Number.NaN;
    if (!Number.isInteger(interval) || interval! < 1 || interval! > 365 || Number.isNaN(start)) return () => false;
    return (day) => day >= start && (day - start) % interval! === 0;
  }
  return () => false;
}

/** Whether the habit is scheduled on `date` (`YYYY-MM-DD`). */
export function isScheduledOn(rule: ScheduleRule, date: string): boolean {
  const day = dayNumber(date);
  return !Number.isNaN(day) && scheduleTest(rule)(day);
}

/** Minutes after midnight used to sort by time of day: anytime 0, morning 480, afternoon 720, evening 1080, custom as given. */
export function timeOfDayMinutes(rule: TimeRule): number {
  if (rule.timeOfDay === 'custom') return hhmmToMinutes(rule.customTime) ?? 0;
  return TIME_OF_DAY_MINUTES[rule.timeOfDay as keyof typeof TIME_OF_DAY_MINUTES] ?? 0;
}

/** The minute of the day from which a habit counts as due: morning 09:00, afternoon 12:00, evening 18:00, custom at its time. */
export const TIME_YET_THRESHOLDS = { anytime: 0, morning: 540, afternoon: 720, evening: 1080 } as const;

function hhmmToMinutes(value: string | null | undefined): number | null {
  const m = value ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** "Time yet" at a minute of the day (0-1439): anytime always; a custom habit without a time counts as anytime. */
export function isTimeYetAt(rule: TimeRule, minuteOfDay: number): boolean {
  const threshold =
    rule.timeOfDay === 'custom'
      ? (hhmmToMinutes(rule.customTime) ?? 0)
      : (TIME_YET_THRESHOLDS[rule.timeOfDay as keyof typeof TIME_YET_THRESHOLDS] ?? 0);
  return minuteOfDay >= threshold;
}

/** "Time yet" at the instant `now` in the user's zone. */
export function isTimeYet(rule: TimeRule, now: Date, timeZone: string): boolean {
  return isTimeYetAt(rule, minutesOfDayInZone(now, timeZone));
}

/** The user's today for habits: the calendar date of `now` in their zone. */
export const habitToday = (now: Date, timeZone: string): string => todayInZone(now, timeZone);
