/**
 * The event as the dialog reads it (shared `EventData` with its id, issue 15 contract): the stored row's fields
 * the dialog shows or edits. `data/queries.ts` makes one from a live row.
 */
export interface EventItem {
  id: string;
  title: string;
  description: string;
  startDate: string;
  /** All-day: the inclusive last day; timed: the end's date; null = the start's day. */
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  /** The zone of the wall-clock dates and times; null = floating (shown in the viewer's zone as written). */
  timezone: string | null;
  recurrence: string | null;
  exdates: string[];
  /** Set on an override: the series it replaces one occurrence of, and that occurrence's key. */
  seriesId: string | null;
  originalStart: string | null;
  location: string;
  color: string | null;
  tags: string[];
  reminders: number[];
  source: 'local' | 'task' | 'google' | 'ics';
  readonly: boolean;
}

/** What the form edits (dates `YYYY-MM-DD`, times `HH:mm` or '' for none). */
export interface EventFormValues {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  recurrence: string | null;
  location: string;
  color: string | null;
  tags: string[];
  reminders: number[];
}

/** The stored fields the form writes (the `event.create` args without the id; `event.update` takes a part). */
export interface EventFields {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  recurrence: string | null;
  location: string;
  color: string | null;
  tags: string[];
  reminders: number[];
}

export type OccurrenceScope = 'this' | 'following' | 'all';
