import type { EventInput } from '@fullcalendar/react';
import { TZDate } from '@date-fns/tz';
import type { ClockMode } from '../../../lib/dates';
import type { EntryProps } from '../data/to-fc';
import type { DroppedAt } from './move';

/** Entries a day shows before its "+N more". */
export const DAY_MAX_ENTRIES = 4;

/**
 * The month grid's lean copy of an input (`data/to-fc.ts`): the days it covers as day numbers (whole days since
 * 1970-01-01), what it looks like and whether it may be picked up. One object per input object (`gridEventOf`).
 */
export interface GridEvent {
  id: string;
  title: string;
  /** The input's own start and end strings: `YYYY-MM-DD` (all-day) or `YYYY-MM-DDTHH:mm:ss` (wall clock). */
  start: string;
  end: string | null;
  allDay: boolean;
  /** First and last day shown (inclusive), as day numbers. */
  first: number;
  last: number;
  /** Minutes from start to end, for the order of a day (longer first at the same start). */
  minutes: number;
  color: string | null;
  textColor: string | null;
  className: string | null;
  /** May be picked up (a read-only event too: it is put back with the read-only message). */
  draggable: boolean;
  /**
   * Has resize handles (FullCalendar's month: an all-day event whose duration is editable; not a read-only one,
   * a task or a habit — `data/to-fc.ts` — nor a timed one).
   */
  resizable: boolean;
  /** An event as a whole is one button (tasks and habits have their tick and title buttons instead). */
  interactive: boolean;
  entry: EntryProps;
  /** The input this copy was made from (a moved copy keeps it: it stands only while the input is the same). */
  input: EventInput;
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` → whole days since 1970-01-01. */
export const dayNumber = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
/** Whole days since 1970-01-01 → `YYYY-MM-DD`. */
export const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
const minutesOf = (s: string) => Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16));

function makeGridEvent(input: EventInput, start: string, end: string | null): GridEvent {
  const allDay = input.allDay === true;
  const first = dayNumber(start);
  let last = first;
  let minutes = 60;
  if (allDay) {
    if (end) last = Math.max(first, dayNumber(end) - 1);
    minutes = (last - first + 1) * 1440;
  } else if (end) {
    const endDay = dayNumber(end);
    // FullCalendar's nextDayThreshold (00:00): an event that ends at midnight does not show on the next day.
    last = Math.max(first, minutesOf(end) === 0 && endDay > first ? endDay - 1 : endDay);
    minutes = (endDay - first) * 1440 + minutesOf(end) - minutesOf(start);
  }
  return {
    id: String(input.id),
    title: input.title ?? '',
    start,
    end,
    allDay,
    first,
    last,
    minutes,
    color: typeof input.color === 'string' ? input.color : null,
    textColor: typeof input.contrastColor === 'string' ? input.contrastColor : null,
    className: typeof input.className === 'string' ? input.className : null,
    draggable: input.startEditable ?? input.editable !== false,
    resizable: allDay && (input.durationEditable ?? input.editable !== false),
    interactive: input.interactive !== false,
    entry: input.extendedProps as EntryProps,
    input,
  };
}

const gridEvents = new WeakMap<EventInput, GridEvent>();
/** The grid's copy of an input, the same object for the same input (so unchanged weeks compare equal). */
export function gridEventOf(input: EventInput): GridEvent {
  let ev = gridEvents.get(input);
  if (!ev) {
    ev = makeGridEvent(input, String(input.start), typeof input.end === 'string' && input.end ? input.end : null);
    gridEvents.set(input, ev);
  }
  return ev;
}

/** `YYYY-MM-DD…` with its date moved by `days` (the time of day and anything after it kept). */
const shiftDate = (s: string, days: number) => dayString(dayNumber(s) + days) + s.slice(10);

/** The event moved by whole days (what the grid shows between the drop and the local write's echo). */
export function shiftEvent(ev: GridEvent, days: number): GridEvent {
  return { ...makeGridEvent(ev.input, shiftDate(ev.start, days), ev.end ? shiftDate(ev.end, days) : null), input: ev.input };
}

/** Which end of an event a resize handle moves. */
export type Edge = 'start' | 'end';

/**
 * The first and last day (day numbers) of an all-day event whose `edge` was dragged to the day `day`: never past
 * its other end (at least one day). Null when that leaves it as it was.
 */
export function resizedDays(ev: GridEvent, edge: Edge, day: number): { first: number; last: number } | null {
  const first = edge === 'start' ? Math.min(day, ev.last) : ev.first;
  const last = edge === 'end' ? Math.max(day, ev.first) : ev.last;
  return first === ev.first && last === ev.last ? null : { first, last };
}

/** The all-day event over the days `first`–`last` (what the grid shows between a resize and its echo). */
export function resizeEvent(ev: GridEvent, first: number, last: number): GridEvent {
  return { ...makeGridEvent(ev.input, dayString(first), dayString(last + 1)), input: ev.input };
}

/**
 * Where a resize put an all-day event, exactly as FullCalendar's `eventResize` reported it (`startStr`, `endStr`,
 * `allDay`): `YYYY-MM-DD`, the end exclusive (an event that had no end gets one).
 */
export function resizedAt(first: number, last: number): DroppedAt {
  return { start: dayString(first), end: dayString(last + 1), allDay: true };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `+01:00` (`Z` for none): the zone's offset at a wall-clock date and time there (FullCalendar 7's `startStr` carries it). */
function offsetAt(zone: string, date: string, time: string): string {
  const d = new TZDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)), zone);
  const off = -d.getTimezoneOffset();
  if (off === 0) return 'Z';
  const abs = Math.abs(off);
  return `${off < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A timed input string as FullCalendar reports it: `YYYY-MM-DDTHH:mm:ss+hh:mm` in the calendar's zone. */
const fcDateTime = (s: string, zone: string) => `${s.slice(0, 10)}T${s.slice(11, 19).padEnd(8, ':00')}${offsetAt(zone, s.slice(0, 10), s.slice(11, 16))}`;

/**
 * Where a drop that moved `ev` by `days` whole days puts it, exactly as FullCalendar's `eventDrop` reported it
 * (`startStr`, `endStr || null`, `allDay`): all-day dates as `YYYY-MM-DD` with the exclusive end, timed ones with
 * the zone's offset at the new date; the duration and time of day kept.
 */
export function droppedAt(ev: GridEvent, days: number, zone: string): DroppedAt {
  if (ev.allDay) return { start: shiftDate(ev.start, days).slice(0, 10), end: ev.end ? shiftDate(ev.end, days).slice(0, 10) : null, allDay: true };
  return { start: fcDateTime(shiftDate(ev.start, days), zone), end: ev.end ? fcDateTime(shiftDate(ev.end, days), zone) : null, allDay: false };
}

/** FullCalendar's order of a day's entries ("start,-duration,allDay,title"): all-day before timed at the same day. */
export function compareEvents(a: GridEvent, b: GridEvent): number {
  const as = a.allDay ? a.start.slice(0, 10) : a.start;
  const bs = b.allDay ? b.start.slice(0, 10) : b.start;
  if (as !== bs) return as < bs ? -1 : 1;
  if (a.minutes !== b.minutes) return b.minutes - a.minutes;
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

/** One event's piece in one week row. */
export interface Segment {
  ev: GridEvent;
  /** Column of its first day (0–6) and the days it spans in this row. */
  col: number;
  span: number;
  /** Its line in the row (a bar keeps it across its days); lines from DAY_MAX_ENTRIES on are hidden. */
  lane: number;
  /** The event really starts / ends in this row (rounded ends, the time shown). */
  isStart: boolean;
  isEnd: boolean;
  /** Shown as a bar (all-day or more than one day) or as a dot, time and title (a timed event within a day). */
  bar: boolean;
}

export interface WeekLayout {
  /** Day number of the row's first day. */
  first: number;
  /** In order (`compareEvents`). */
  segments: Segment[];
  /** Per column: the shown segments starting there (a bar is drawn from its first day in the row). */
  starts: Segment[][];
  /** Per column: every segment covering that day, in order (the "+N more" list). */
  byDay: Segment[][];
  /** Per column: the day's entries not shown (lines past DAY_MAX_ENTRIES). */
  hidden: number[];
  /** Lines shown in the row (at most DAY_MAX_ENTRIES). */
  lanes: number;
}

/**
 * The row of the week starting on day number `first` from the events that touch it: each event a segment
 * (split at the week's edges), placed in the lowest line free on all its days, in FullCalendar's order.
 */
export function layoutWeek(first: number, events: readonly GridEvent[]): WeekLayout {
  const sorted = [...events].sort(compareEvents);
  const segments: Segment[] = [];
  const used: number[] = []; // per lane, a bit per column
  const byDay: Segment[][] = [[], [], [], [], [], [], []];
  const starts: Segment[][] = [[], [], [], [], [], [], []];
  const hidden = [0, 0, 0, 0, 0, 0, 0];
  let lanes = 0;
  for (const ev of sorted) {
    const from = Math.max(ev.first, first) - first;
    const to = Math.min(ev.last, first + 6) - first;
    if (to < from || to < 0 || from > 6) continue;
    const span = to - from + 1;
    const bits = ((1 << span) - 1) << from;
    let lane = 0;
    while (((used[lane] ?? 0) & bits) !== 0) lane++;
    used[lane] = (used[lane] ?? 0) | bits;
    const seg: Segment = { ev, col: from, span, lane, isStart: ev.first >= first, isEnd: ev.last <= first + 6, bar: ev.allDay || ev.last > ev.first };
    segments.push(seg);
    if (lane < DAY_MAX_ENTRIES) starts[from]!.push(seg);
    for (let c = from; c <= to; c++) {
      byDay[c]!.push(seg);
      if (lane >= DAY_MAX_ENTRIES) hidden[c]!++;
    }
    if (lane < DAY_MAX_ENTRIES) lanes = Math.max(lanes, lane + 1);
  }
  return { first, segments, starts, byDay, hidden, lanes };
}

/** The events of each of the `weeks` rows from day number `first`, in input order. */
export function eventsByWeek(events: readonly GridEvent[], first: number, weeks: number): GridEvent[][] {
  const out: GridEvent[][] = Array.from({ length: weeks }, () => []);
  const end = first + weeks * 7 - 1;
  for (const ev of events) {
    if (ev.last < first || ev.first > end) continue;
    const a = Math.max(0, Math.floor((ev.first - first) / 7));
    const b = Math.min(weeks - 1, Math.floor((ev.last - first) / 7));
    for (let w = a; w <= b; w++) out[w]!.push(ev);
  }
  return out;
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The rows of a month, each recomputed only when its events changed (the same objects in the same order keep the
 * previous row's layout object, so its memoised row does not render). `cache` is the previous call's result.
 */
export function layoutWeeks(events: readonly GridEvent[], first: number, weeks: number, cache: readonly { events: GridEvent[]; layout: WeekLayout }[]): { events: GridEvent[]; layout: WeekLayout }[] {
  return eventsByWeek(events, first, weeks).map((evs, w) => {
    const prev = cache[w];
    const start = first + w * 7;
    return prev && prev.layout.first === start && sameItems(prev.events, evs) ? prev : { events: evs, layout: layoutWeek(start, evs) };
  });
}

/** The time an entry shows, as FullCalendar's `eventTimeFormat` did: '9:00am' / '12:30pm' (12h) or '09:00' (24h). */
export function timeText(start: string, clockMode: ClockMode): string {
  const h = Number(start.slice(11, 13));
  const m = start.slice(14, 16);
  if (clockMode === '24h') return `${pad(h)}:${m}`;
  return `${h % 12 || 12}:${m}${h < 12 ? 'am' : 'pm'}`;
}
