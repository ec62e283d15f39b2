import { z } from 'zod/mini';
import { googleEventId } from '@adhd/shared/google/types';
import { idSchema } from '@adhd/shared/validation/fields';
import { sha256 } from '../../lib/ids.js';
import type { EventImportInput } from '@adhd/shared/events/schema';
import { icsToEvents, UNTITLED } from '../calendar-files/ics-import.js';
import { ianaZone, utcToWall } from '../calendar-files/zones.js';
import type { GoogleEvent, GoogleTime } from './api.js';

/**
 * A Google event as the app's imported event (SPEC section 3; contract "Events"): id `googleRowId` below, source 'google', read-only, the calendar's colour or none (#4285F4 on screen).
 * Times and recurrence go through the calendar-file import (ics-import.ts): the event's start, end, RRULE and
 * EXDATE lines become one VEVENT, so all-day (exclusive end date), timed and zoned events and their exceptions
 * map exactly as an .ics file's do. Answers null for an event the app cannot store (no start, an unsupported rule).
 */

export interface CalendarContext {
  calendarId: string;
  color: string | null;
  /** The zone of an event without one of its own (the calendar's, else UTC). */
  zone: string;
}

const compact = (date: string) => date.replaceAll('-', '');

/** The zone of a Google time: its own, else the calendar's (IANA names only; others fall back). */
export const zoneOf = (t: GoogleTime | undefined, fallback: string): string => ianaZone(t?.timeZone) ?? fallback;

/** An iCalendar DTSTART/DTEND line: a date, or the wall clock of the instant in the time's zone. */
function timeLine(name: string, t: GoogleTime | undefined, zone: string): string | null {
  if (t?.date && /^\d{4}-\d{2}-\d{2}$/.test(t.date)) return `${name};VALUE=DATE:${compact(t.date)}`;
  const ms = t?.dateTime ? Date.parse(t.dateTime) : NaN;
  if (Number.isNaN(ms)) return null;
  const w = utcToWall(ms, zone);
  return `${name};TZID=${zone}:${compact(w.date)}T${w.time.replace(':', '')}00`;
}

/** The occurrence key (exdates, originalStart) of an exception's original start, in its series' zone. */
export function occurrenceKey(original: GoogleTime | undefined, series: { allDay: boolean; timezone: string | null }, fallback: string): string | null {
  if (original?.date) return series.allDay ? original.date : null;
  const ms = original?.dateTime ? Date.parse(original.dateTime) : NaN;
  if (Number.isNaN(ms)) return null;
  const w = utcToWall(ms, series.timezone ?? fallback);
  return series.allDay ? w.date : `${w.date}T${w.time}`;
}

export function toImportedEvent(e: GoogleEvent, cal: CalendarContext): EventImportInput | null {
  const zone = zoneOf(e.start, cal.zone);
  const start = timeLine('DTSTART', e.start, zone);
  if (!start) return null;
  const end = timeLine('DTEND', e.end, zoneOf(e.end, zone));
  // Only RRULE and EXDATE lines, each one line: nothing else of Google's text reaches the parser.
  const rules = (e.recurringEventId ? [] : (e.recurrence ?? [])).filter((l) => typeof l === 'string' && /^(RRULE|EXDATE)[:;]/i.test(l) && !/[\r\n]/.test(l));
  const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//adhd-superapp//google//EN', 'BEGIN:VEVENT', 'UID:google', start, ...(end ? [end] : []), ...rules, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
  const [mapped] = icsToEvents(ics, { timeZone: zone }).events;
  if (!mapped) return null;
  const text = (v: string | undefined, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  return {
    title: text(e.summary, 500) || UNTITLED,
    description: text(e.description, 20_000),
    location: text(e.location, 1_000),
    startDate: mapped.startDate,
    endDate: mapped.endDate,
    startTime: mapped.startTime,
    endTime: mapped.endTime,
    allDay: mapped.allDay,
    timezone: mapped.timezone,
    recurrence: mapped.recurrence,
    exdates: mapped.exdates,
    seriesId: null,
    originalStart: null,
    color: cal.color,
    tags: [],
    reminders: [],
    details: {},
    source: 'google',
    sourceId: e.id,
    calendarId: cal.calendarId,
    uid: text(e.iCalUID, 1_000) || e.id,
    readonly: true,
  };
}

const validId = (id: string) => z.safeParse(idSchema, id).success;

/**
 * The row id of a Google event: `googleEventId(calendarId, eventId)`, `google_<calendarId>_<eventId>`, when that is
 * a valid app id (idSchema: `[A-Za-z0-9_:.@-]`, at most 200 characters), as it is for mail-address calendar ids
 * (`google_me@gmail.com_<eventId>`). Otherwise each character outside the id alphabet reads `.` (a holiday
 * calendar's `#`), and an id still too long uses SHA-256 prefixes of both parts. Always the same
 * id for the same event, always `google_…`.
 */
export function googleRowId(calendarId: string, eventId: string): string {
  const literal = googleEventId(calendarId, eventId);
  if (validId(literal)) return literal;
  const readable = googleEventId(calendarId.replace(/[^A-Za-z0-9_:.@-]/g, '.'), eventId.replace(/[^A-Za-z0-9_:.@-]/g, '.'));
  if (validId(readable)) return readable;
  return googleEventId(sha256(calendarId).slice(0, 24), sha256(eventId).slice(0, 40));
}
