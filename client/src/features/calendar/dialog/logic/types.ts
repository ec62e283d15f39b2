import type { EventData } from '@adhd/shared/events/schema';
/**
 * The event as the dialog reads it (shared `EventData` with its id, issue 15 contract): the stored row's fields
 * the dialog shows or edits. `data/queries.ts` makes one from a live row.
 */
export type EventItem = Pick<
  EventData,
  | 'title' | 'description' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'allDay' | 'timezone' | 'recurrence'
  | 'exdates' | 'seriesId' | 'originalStart' | 'location' | 'color' | 'tags' | 'reminders' | 'source' | 'readonly'
> & { id: string };

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
