import { addDays, daysBetween } from '@adhd/shared/time';
import { wallClockIn } from './zones';

/** Where a drag or resize put an event, as FullCalendar reports it (wall clock in the calendar's zone). */
export interface DroppedAt {
  /** `YYYY-MM-DD` (all-day) or `YYYY-MM-DDTHH:mm…` */
  start: string;
  /** Exclusive end as FullCalendar gives it, or null (no end: the default duration). */
  end: string | null;
  allDay: boolean;
}

/** The fields `event.move` takes (contract "Mutations"). */
export interface MoveFields {
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
}

const HOUR = 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A date and time `minutes` later (across midnight). */
function later(date: string, time: string, minutes: number): { date: string; time: string } {
  const total = minutesOf(time) + minutes;
  const days = Math.floor(total / 1440);
  return { date: addDays(date, days), time: timeOf(total - days * 1440) };
}

/**
 * The stored fields of an event dropped at `at`, in the event's own zone (`eventZone`; null = floating, shown in
 * `viewZone`). All-day ends are inclusive (null = the same day); a timed event without an end keeps one hour.
 */
export function moveFields(at: DroppedAt, eventZone: string | null, viewZone: string): MoveFields {
  const startDate = at.start.slice(0, 10);
  if (at.allDay) {
    const last = at.end ? addDays(at.end.slice(0, 10), -1) : startDate;
    return { startDate, endDate: daysBetween(startDate, last) > 0 ? last : null, startTime: null, endTime: null, allDay: true };
  }
  let start = { date: startDate, time: at.start.slice(11, 16) };
  let end = at.end ? { date: at.end.slice(0, 10), time: at.end.slice(11, 16) } : later(start.date, start.time, HOUR);
  if (eventZone && eventZone !== viewZone) {
    start = wallClockIn(start.date, start.time, viewZone, eventZone);
    end = wallClockIn(end.date, end.time, viewZone, eventZone);
  }
  return { startDate: start.date, endDate: end.date === start.date ? null : end.date, startTime: start.time, endTime: end.time, allDay: false };
}
