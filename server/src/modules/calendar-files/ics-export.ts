import ICAL from 'ical.js';
import { addDays } from '@adhd/shared/time';
import type { IcsEvent } from './types.js';
import { vtimezone } from './zones.js';

export interface ExportOptions {
  /** X-WR-CALNAME: the name subscribing apps show. */
  calendarName: string;
  /** The user's zone: X-WR-TIMEZONE, which apps use for floating times. */
  timeZone: string;
  /** Tag id → name, for CATEGORIES. */
  tagNames?: ReadonlyMap<string, string>;
  /** DTSTAMP (tests pass a fixed one). */
  now?: Date;
}

export const PRODID = '-//ADHD//Calendar//EN';

// ical.js folds after `foldLength` octets and then adds the leading space: 74 keeps every line within RFC 5545's
// 75 octets. (Set once for the process; nothing else here writes iCalendar text.)
ICAL.foldLength = 74;

/** The UID an event is exported with: the one it was imported with, else its id. */
export const exportUid = (e: Pick<IcsEvent, '_id' | 'uid'>) => e.uid ?? `${e._id}@adhd`;

const timeOf = (date: string, time?: string | null) =>
  ICAL.Time.fromData({
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
    ...(time ? { hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)), second: 0 } : {}),
    isDate: !time,
  });

const utcOf = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

/**
 * A date or date-time property: `VALUE=DATE` for all-day, `TZID` when the event has a zone, floating otherwise.
 * `key` is a stored key: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`.
 */
function dateProp(name: string, keys: string[], zone: string | null): ICAL.Property {
  const prop = new ICAL.Property(name);
  const values = keys.map((k) => timeOf(k.slice(0, 10), k.length > 10 ? k.slice(11, 16) : null));
  if (keys[0]!.length === 10) prop.resetType('date');
  else if (zone) prop.setParameter('tzid', zone);
  if (values.length === 1) prop.setValue(values[0]!);
  else prop.setValues(values);
  return prop;
}

const startKey = (e: IcsEvent) => (e.allDay || !e.startTime ? e.startDate : `${e.startDate}T${e.startTime}`);

function vevent(e: IcsEvent, uid: string, series: IcsEvent | null, opts: ExportOptions, now: ICAL.Time): ICAL.Component {
  const v = new ICAL.Component('vevent');
  v.addPropertyWithValue('uid', uid);
  v.addPropertyWithValue('dtstamp', now);
  if (e.createdAt) v.addPropertyWithValue('created', utcOf(e.createdAt));
  if (e.updatedAt) v.addPropertyWithValue('last-modified', utcOf(e.updatedAt));
  v.addPropertyWithValue('summary', e.title);
  if (e.description) v.addPropertyWithValue('description', e.description);
  if (e.location) v.addPropertyWithValue('location', e.location);
  const zone = e.allDay ? null : e.timezone;
  v.addProperty(dateProp('dtstart', [startKey(e)], zone));
  if (e.allDay) v.addProperty(dateProp('dtend', [addDays(e.endDate ?? e.startDate, 1)], null));
  else if (e.endTime) v.addProperty(dateProp('dtend', [`${e.endDate ?? e.startDate}T${e.endTime}`], zone));
  if (series && e.originalStart) {
    v.addProperty(dateProp('recurrence-id', [e.originalStart], series.allDay ? null : series.timezone));
  } else if (e.recurrence) {
    v.addPropertyWithValue('rrule', ICAL.Recur.fromString(e.recurrence));
    const [dates, times] = [e.exdates.filter((x) => x.length === 10), e.exdates.filter((x) => x.length > 10)];
    if (dates.length) v.addProperty(dateProp('exdate', dates, null));
    if (times.length) v.addProperty(dateProp('exdate', times, zone));
  }
  const categories = e.tags.map((id) => opts.tagNames?.get(id)).filter((n): n is string => !!n);
  if (categories.length) {
    const prop = new ICAL.Property('categories');
    prop.setValues(categories);
    v.addProperty(prop);
  }
  return v;
}

/**
 * One VCALENDAR of the events: a VEVENT per event; an override (seriesId/originalStart) becomes a VEVENT with
 * its series' UID and a RECURRENCE-ID (an override whose series is not in the list is exported on its own).
 * Zoned events carry TZID and one VTIMEZONE per zone, generated from the runtime's zone data (zones.ts).
 * Lines are folded at 75 octets, text escaped, CRLF line ends.
 */
export function eventsToIcs(events: IcsEvent[], opts: ExportOptions): string {
  const now = ICAL.Time.fromJSDate(opts.now ?? new Date(), true);
  const cal = new ICAL.Component('vcalendar');
  cal.addPropertyWithValue('prodid', PRODID);
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('method', 'PUBLISH');
  cal.addPropertyWithValue('x-wr-calname', opts.calendarName);
  cal.addPropertyWithValue('x-wr-timezone', opts.timeZone);

  const byId = new Map(events.map((e) => [e._id, e]));
  const years = new Map<string, [number, number]>();
  const thisYear = now.year;
  for (const e of events) {
    if (e.allDay || !e.timezone) continue;
    const year = Number(e.startDate.slice(0, 4));
    const [lo, hi] = years.get(e.timezone) ?? [year, year];
    years.set(e.timezone, [Math.min(lo, year), Math.max(hi, year)]);
  }
  for (const [zone, [lo, hi]] of years) {
    // Far enough ahead for recurring events; never more than a century of changes.
    const from = Math.max(1970, lo - 1);
    cal.addSubcomponent(vtimezone(zone, from, Math.min(from + 100, Math.max(hi, thisYear) + 10)));
  }

  for (const e of events) {
    const series = e.seriesId && e.originalStart ? byId.get(e.seriesId) : undefined;
    const uid = series ? exportUid(series) : exportUid(e);
    cal.addSubcomponent(vevent(e, uid, series ?? null, opts, now));
  }
  return `${cal.toString()}\r\n`;
}
