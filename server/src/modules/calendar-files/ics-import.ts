import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { isValidRrule } from '@adhd/shared/events/rrule';
import { addDays, daysBetween } from '@adhd/shared/time';
import { IcsError, type ImportedEvent } from './types.js';
import { ianaZone, utcToWall, wallAsUtc, wallToUtc } from './zones.js';

export interface ImportOptions {
  /** The user's zone: UTC (`Z`) times and zones known only from a VTIMEZONE block are converted to it. */
  timeZone: string;
}

export interface ImportResult {
  events: ImportedEvent[];
  /** VEVENTs left out: cancelled, without a start, or with a rule the app cannot store. */
  skipped: number;
}

/** A date or date-time value: `time` null for a date; `zone` the IANA zone of the wall clock, null = floating. */
interface At {
  date: string;
  time: string | null;
  zone: string | null;
}

const LIMITS = { title: 500, description: 20_000, location: 1_000 };
export const UNTITLED = '(No title)';
/** RRULE parts the app stores (the shared allow-list, events/rrule.ts, which also checks the rest); others skip the VEVENT. */
const RULE_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST']);
const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
const hm = (t: ICAL.Time) => `${pad(t.hour)}:${pad(t.minute)}`;
const keyOf = (at: At) => (at.time ? `${at.date}T${at.time}` : at.date);

/** Reads a date/date-time value with the zone its TZID (IANA or Windows name), `Z` or VTIMEZONE gives it. */
function readAt(t: ICAL.Time, tzid: string | undefined, userZone: string): At {
  if (t.isDate) return { date: ymd(t), time: null, zone: null };
  const wall = { date: ymd(t), time: hm(t) };
  const iana = ianaZone(tzid);
  if (iana) return { ...wall, zone: iana };
  const zoned = t.zone && t.zone !== ICAL.Timezone.localTimezone && (t.zone === ICAL.Timezone.utcTimezone || t.zone.component);
  if (zoned) {
    // UTC or a zone the file describes only by its VTIMEZONE block: the instant, in the user's zone.
    const w = utcToWall(t.toUnixTime() * 1000, userZone);
    return { date: w.date, time: w.time, zone: userZone };
  }
  return { ...wall, zone: null };
}

/** `at` as a wall clock of `zone` (or of `date` type when the series is all-day). */
function moveTo(at: At, zone: string | null, allDay: boolean, seriesTime: string | null): At {
  if (allDay) return { date: at.date, time: null, zone: null };
  if (!at.time) return { date: at.date, time: seriesTime, zone };
  if (!at.zone || !zone || at.zone === zone) return { ...at, zone };
  const w = utcToWall(wallToUtc(at.date, at.time, at.zone), zone);
  return { date: w.date, time: w.time, zone };
}

function propAt(comp: ICAL.Component, name: string, userZone: string): At | null {
  const prop = comp.getFirstProperty(name);
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time)) return null;
  return readAt(value, prop.getFirstParameter('tzid') || undefined, userZone);
}

const text = (comp: ICAL.Component, name: string, max: number) => {
  const v = comp.getFirstPropertyValue(name);
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
};

/** The RRULE value when every part is one the app stores; undefined when the rule is unsupported. */
function ruleOf(comp: ICAL.Component): string | null | undefined {
  const prop = comp.getFirstProperty('rrule');
  if (!prop) return null;
  const rule = prop.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || !rule.freq || !FREQS.has(rule.freq)) return undefined;
  const value = rule.toString();
  const parts = value.split(';').map((p) => p.split('=')[0]!.toUpperCase());
  return parts.every((p) => RULE_PARTS.has(p)) && isValidRrule(value) ? value : undefined;
}

/** The end of the event: DTEND, else DURATION, else none (a one-day or zero-length event). */
function endOf(comp: ICAL.Component, start: At, userZone: string): { endDate: string | null; endTime: string | null } {
  let end = propAt(comp, 'dtend', userZone);
  const duration = comp.getFirstPropertyValue('duration');
  if (!end && duration instanceof ICAL.Duration && !duration.isNegative) {
    if (!start.time) {
      end = { date: addDays(start.date, duration.weeks * 7 + duration.days), time: null, zone: null };
    } else {
      const startMs = start.zone ? wallToUtc(start.date, start.time, start.zone) : wallAsUtc(start.date, start.time);
      const w = utcToWall(startMs + duration.toSeconds() * 1000, start.zone ?? 'UTC');
      end = { ...w, zone: start.zone };
    }
  }
  if (!end) return { endDate: null, endTime: null };
  if (!start.time) {
    // DTEND;VALUE=DATE is exclusive, and so is the midnight end of Outlook's all-day events.
    const last = addDays(end.date, !end.time || end.time === '00:00' ? -1 : 0);
    return { endDate: daysBetween(start.date, last) > 0 ? last : null, endTime: null };
  }
  const e = moveTo(end, start.zone, false, start.time);
  const later = daysBetween(start.date, e.date) > 0 || (e.date === start.date && e.time! > start.time);
  if (!later) return { endDate: null, endTime: null };
  return { endDate: e.date === start.date ? null : e.date, endTime: e.time };
}

/** Outlook marks all-day events it wrote as midnight date-times with this flag. */
function outlookAllDay(comp: ICAL.Component, start: At): boolean {
  const flag = comp.getFirstPropertyValue('x-microsoft-cdo-alldayevent');
  return typeof flag === 'string' && flag.toUpperCase() === 'TRUE' && start.time === '00:00';
}

function cancelled(comp: ICAL.Component): boolean {
  const status = comp.getFirstPropertyValue('status');
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
}

/** A UID for a VEVENT without one, stable across imports of the same file. */
function madeUid(comp: ICAL.Component): string {
  const seed = `${String(comp.getFirstProperty('dtstart')?.toICALString())}|${text(comp, 'summary', LIMITS.title)}`;
  return `${createHash('sha256').update(seed).digest('hex').slice(0, 32)}@import`;
}

function categoriesOf(comp: ICAL.Component): string[] {
  return comp.getAllProperties('categories').flatMap((p) => p.getValues().map((v: unknown) => String(v).trim()).filter(Boolean));
}

/** Parse a whole file; anything ical.js cannot read, or no VCALENDAR, is an IcsError. */
function parseCalendars(raw: string): ICAL.Component[] {
  const source = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^\s*BEGIN:VCALENDAR/i.test(source)) throw new IcsError('The file is not an iCalendar (.ics) file');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(source);
  } catch (err) {
    throw new IcsError(`The calendar file cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const calendars = list.map((jcal) => new ICAL.Component(jcal as unknown[])).filter((c) => c.name === 'vcalendar');
  if (calendars.length === 0) throw new IcsError('The file has no VCALENDAR');
  return calendars;
}

/**
 * Every VEVENT of an iCalendar file as event fields (docs/calendar-files.md): all-day (`VALUE=DATE`, exclusive
 * DTEND), zoned (`TZID` kept when it is or maps to an IANA zone), UTC and VTIMEZONE-only times converted to the
 * user's zone, RRULE, EXDATE (every line and list), RECURRENCE-ID overrides keyed to their series, cancelled
 * VEVENTs skipped (a cancelled override becomes an EXDATE of its series). Throws IcsError for a file that
 * cannot be parsed.
 */
export function icsToEvents(raw: string, opts: ImportOptions): ImportResult {
  const userZone = opts.timeZone;
  const vevents = parseCalendars(raw).flatMap((c) => c.getAllSubcomponents('vevent'));
  const masters = new Map<string, ImportedEvent>();
  const events: ImportedEvent[] = [];
  let skipped = 0;

  const base = (comp: ICAL.Component, uid: string): ImportedEvent | null => {
    let start = propAt(comp, 'dtstart', userZone);
    if (!start) return null;
    if (outlookAllDay(comp, start)) start = { date: start.date, time: null, zone: null };
    const recurrence = ruleOf(comp);
    if (recurrence === undefined) return null;
    const { endDate, endTime } = endOf(comp, start, userZone);
    return {
      uid,
      title: text(comp, 'summary', LIMITS.title) || UNTITLED,
      description: text(comp, 'description', LIMITS.description),
      location: text(comp, 'location', LIMITS.location),
      startDate: start.date,
      endDate,
      startTime: start.time,
      endTime: start.time ? endTime : null,
      allDay: !start.time,
      timezone: start.zone,
      recurrence,
      exdates: [],
      originalStart: null,
      categories: categoriesOf(comp),
    };
  };

  const overrides: ICAL.Component[] = [];
  for (const comp of vevents) {
    if (comp.hasProperty('recurrence-id')) {
      overrides.push(comp);
      continue;
    }
    const uid = text(comp, 'uid', 1_000) || madeUid(comp);
    const event = cancelled(comp) || masters.has(uid) ? null : base(comp, uid);
    if (!event) {
      skipped++;
      continue;
    }
    if (event.recurrence) {
      const keys = new Set<string>();
      for (const prop of comp.getAllProperties('exdate')) {
        const tzid = prop.getFirstParameter('tzid') || undefined;
        for (const v of prop.getValues()) {
          if (v instanceof ICAL.Time) keys.add(keyOf(moveTo(readAt(v, tzid, userZone), event.timezone, event.allDay, event.startTime)));
        }
      }
      event.exdates = [...keys].sort();
    }
    masters.set(uid, event);
    events.push(event);
  }

  for (const comp of overrides) {
    const uid = text(comp, 'uid', 1_000);
    const master = masters.get(uid);
    const original = propAt(comp, 'recurrence-id', userZone);
    if (!master || !master.recurrence || !original) {
      skipped++; // an occurrence of a series the file does not have (or a broken one)
      continue;
    }
    const key = keyOf(moveTo(original, master.timezone, master.allDay, master.startTime));
    const event = cancelled(comp) ? null : base(comp, uid);
    if (!event) {
      if (cancelled(comp) && !master.exdates.includes(key)) master.exdates = [...master.exdates, key].sort();
      skipped++;
      continue;
    }
    if (master.exdates.includes(key) || events.some((e) => e.uid === uid && e.originalStart === key)) {
      skipped++;
      continue;
    }
    events.push({ ...event, recurrence: null, originalStart: key });
  }
  return { events, skipped };
}
