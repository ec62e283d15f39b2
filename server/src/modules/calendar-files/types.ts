import type { EventData } from '@adhd/shared/events/schema';

/** The event fields a calendar file carries (a subset of the shared `EventData`, plus the row's id and times). */
export type IcsEvent = Pick<
  EventData,
  'title' | 'description' | 'location' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'allDay' | 'timezone' | 'recurrence' | 'exdates' | 'seriesId' | 'originalStart' | 'tags' | 'uid'
> & { _id: string; createdAt?: string; updatedAt?: string };

/**
 * One VEVENT of an imported file, in the shape of the shared event fields. `originalStart` is set on an override
 * (a VEVENT with RECURRENCE-ID): the overridden occurrence's key, in the form of `exdates`, in the series' zone; its
 * series is the VEVENT of the same UID without RECURRENCE-ID. `timezone` is the IANA zone of the wall-clock values,
 * or null (floating).
 */
export type ImportedEvent = Omit<IcsEvent, '_id' | 'createdAt' | 'updatedAt' | 'tags' | 'seriesId' | 'uid'> & {
  /** The VEVENT's UID (a file without one gets a stable one made from its content). */
  uid: string;
  /** CATEGORIES names (the importer may map them to tags). */
  categories: string[];
};

/** A calendar file that cannot be read at all: the import answers 400 and writes nothing. */
export class IcsError extends Error {
  readonly code = 'ICS_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'IcsError';
  }
}
