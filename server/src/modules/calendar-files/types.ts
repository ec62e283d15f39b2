/** The event fields a calendar file carries (a subset of the shared `EventData`, plus the row's id and times). */
export interface IcsEvent {
  _id: string;
  title: string;
  description: string;
  location: string;
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  timezone: string | null;
  recurrence: string | null;
  exdates: string[];
  seriesId: string | null;
  originalStart: string | null;
  tags: string[];
  uid: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** One VEVENT of an imported file, in the shape of the shared event fields. */
export interface ImportedEvent {
  /** The VEVENT's UID (a file without one gets a stable one made from its content). */
  uid: string;
  title: string;
  description: string;
  location: string;
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  /** IANA zone of the wall-clock values, or null (floating). */
  timezone: string | null;
  recurrence: string | null;
  exdates: string[];
  /**
   * Set on an override (a VEVENT with RECURRENCE-ID): the overridden occurrence's key, in the form of
   * `exdates`, in the series' zone. Its series is the VEVENT of the same UID without RECURRENCE-ID.
   */
  originalStart: string | null;
  /** CATEGORIES names (the importer may map them to tags). */
  categories: string[];
}

/** A calendar file that cannot be read at all: the import answers 400 and writes nothing. */
export class IcsError extends Error {
  readonly code = 'ICS_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'IcsError';
  }
}
