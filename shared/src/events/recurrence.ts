import { addDays, resolveTimeZone } from '../time.js';
import { dateOf, dayNumber } from './days.js';
import type { EventRow } from './schema.js';
import { firstKey, seriesKeys } from './series.js';
import { convertWall, fromWallMinutes, wallMinutes } from './zones.js';

/**
 * Expansion of events into occurrences (contract: expandEvents). Recurring events are walked in the wall clock
 * of their own zone (`timezone`, or the viewer's when null: floating), so a 09:00 weekly meeting stays at 09:00
 * across DST changes; each occurrence is then converted to the viewer's zone. All-day events are dates, the same
 * in every zone.
 */

export interface Occurrence {
  /** `${seriesId}::${originalStart}` for an occurrence of a recurring event or its override, else the event id. */
  id: string;
  /** The stored event this occurrence shows (the override for an overridden occurrence). */
  eventId: string;
  seriesId: string | null;
  /** The occurrence's key in its series (exdates, overrides); null for a one-off event. */
  originalStart: string | null;
  title: string;
  startDate: string;
  /** The last day (all-day: inclusive) or the end's date (timed), in the viewer's zone; never null. */
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  color: string | null;
  event: EventRow;
}

interface Shape {
  /** All-day: days from the first to the last day. */
  spanDays: number;
  /** Timed: minutes from start to end (0 when there is no end time). */
  minutes: number;
}

function shapeOf(e: EventRow): Shape {
  const end = e.endDate ?? e.startDate;
  if (e.allDay) return { spanDays: Math.max(0, dayNumber(end) - dayNumber(e.startDate)), minutes: 0 };
  const minutes = e.endTime ? wallMinutes(end, e.endTime) - wallMinutes(e.startDate, e.startTime) : 0;
  return { spanDays: 0, minutes: Math.max(0, minutes) };
}

/** The last day a timed occurrence touches: an end at 00:00 the next day or later does not touch that day. */
export function lastTouchedDay(o: Pick<Occurrence, 'allDay' | 'startDate' | 'endDate' | 'endTime'>): string {
  if (o.allDay || o.endDate === o.startDate || o.endTime !== '00:00') return o.endDate;
  return dateOf(dayNumber(o.endDate) - 1);
}

function occurrenceOf(e: EventRow, key: string, shape: Shape, zone: string, viewZone: string, id: string, seriesId: string | null, originalStart: string | null): Occurrence {
  const date = key.slice(0, 10);
  let startDate = date;
  let endDate = date;
  let startTime: string | null = null;
  let endTime: string | null = null;
  if (e.allDay) {
    if (shape.spanDays > 0) endDate = dateOf(dayNumber(date) + shape.spanDays);
  } else {
    const start = wallMinutes(date, e.startTime);
    [startDate, startTime] = fromWallMinutes(convertWall(start, zone, viewZone));
    endDate = startDate;
    if (e.endTime) [endDate, endTime] = fromWallMinutes(convertWall(start + shape.minutes, zone, viewZone));
  }
  return { id, eventId: e._id, seriesId, originalStart, title: e.title, startDate, endDate, startTime, endTime, allDay: e.allDay, color: e.color, event: e };
}

const touches = (o: Occurrence, from: string, to: string) => o.startDate <= to && lastTouchedDay(o) >= from;

/** Occurrences in display order: by start date, all-day first, then start time, title and id. */
export function compareOccurrences(a: Occurrence, b: Occurrence): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? -1 : 1;
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  const [ta, tb] = [a.startTime ?? '', b.startTime ?? ''];
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What expanding one event needs of its window (expandEvent): computed once per expansion. */
export interface ExpandWindow {
  from: string;
  to: string;
  /** Two days either side of [from, to]: the widest zone difference. */
  early: string;
  late: string;
  viewZone: string;
  /** The overridden occurrence keys of each series, by series id. */
  overridden: Map<string, Set<string>>;
}

export function expandWindow(events: readonly EventRow[], from: string, to: string, timeZone: string): ExpandWindow {
  const overridden = new Map<string, Set<string>>();
  for (const e of events) {
    if (!e.seriesId || !e.originalStart) continue;
    let keys = overridden.get(e.seriesId);
    if (!keys) overridden.set(e.seriesId, (keys = new Set()));
    keys.add(e.originalStart);
  }
  return { from, to, early: addDays(from, -2), late: addDays(to, 2), viewZone: resolveTimeZone(timeZone), overridden };
}

/**
 * False when `e` cannot touch the window: a one-off event (or an override) more than two days (the widest zone
 * difference) outside it. Checked first, as most of a user's events are far from the window asked.
 */
export const mayTouch = (e: EventRow, w: ExpandWindow): boolean =>
  !((!e.recurrence || e.seriesId) && (e.startDate > w.late || (e.endDate ?? e.startDate) < w.early));

/** Whether expandEvent walks `e`'s rule (a recurring event, not an override). */
export const isSeriesEvent = (e: EventRow): boolean => Boolean(e.recurrence) && !(e.seriesId && e.originalStart);

/**
 * The occurrences of one event touching `w`'s window, unsorted, pushed onto `out`; a series' occurrences whose
 * keys are in `replaced` (its overrides) are left out. expandEvents is this for every event, then a sort.
 */
export function expandEvent(e: EventRow, w: ExpandWindow, out: Occurrence[], replaced: ReadonlySet<string> | undefined): void {
  const { from, to, viewZone } = w;
  if (!mayTouch(e, w)) return;
  const zone = e.timezone ? resolveTimeZone(e.timezone) : viewZone;
  const shape = shapeOf(e);
  if (e.seriesId && e.originalStart) {
    const o = occurrenceOf(e, firstKey(e), shape, zone, viewZone, `${e.seriesId}::${e.originalStart}`, e.seriesId, e.originalStart);
    if (touches(o, from, to)) out.push(o);
    return;
  }
  if (!e.recurrence) {
    const o = occurrenceOf(e, firstKey(e), shape, zone, viewZone, e._id, null, null);
    if (touches(o, from, to)) out.push(o);
    return;
  }
  // Wall dates of the event's zone that may touch the window: back by the event's length, and a day either
  // side when the zones differ (offsets differ by less than 27 hours).
  const margin = e.allDay || zone === viewZone ? 0 : 2;
  const back = e.allDay ? shape.spanDays : Math.ceil(shape.minutes / 1440) + margin;
  const skip = new Set(e.exdates);
  for (const key of seriesKeys(e, addDays(from, -back), addDays(to, margin), zone)) {
    if (skip.has(key) || replaced?.has(key)) continue;
    const o = occurrenceOf(e, key, shape, zone, viewZone, `${e._id}::${key}`, e._id, key);
    if (touches(o, from, to)) out.push(o);
  }
}

/**
 * Every occurrence touching the days [from, to] (inclusive) in `timeZone`: one-off events, the occurrences of
 * recurring events (exdates removed, overridden occurrences replaced by their override events, which are given in
 * `events` like any event) and overrides themselves, sorted (compareOccurrences). Deleted rows must not be passed.
 */
export function expandEvents(events: readonly EventRow[], from: string, to: string, timeZone: string): Occurrence[] {
  const w = expandWindow(events, from, to, timeZone);
  const out: Occurrence[] = [];
  for (const e of events) expandEvent(e, w, out, w.overridden.get(e._id));
  return out.sort(compareOccurrences);
}
