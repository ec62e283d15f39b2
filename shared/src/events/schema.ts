import { z } from 'zod/mini';
import { uuidV5 } from '../sync/uuid-v5.js';
import { isIsoDate } from '../time.js';
import {
  boundedRecord,
  boundedString,
  hexColorSchema,
  idListSchema,
  idSchema,
  intParamSchema,
  optionalText,
  requiredText,
  timeFieldSchema,
  timeZoneSchema,
} from '../validation/fields.js';
import { isValidRrule, normaliseRrule, RRULE_MAX_LENGTH } from './rrule.js';

export const GOOGLE_EVENT_COLOR = '#4285F4';
export const GOOGLE_EVENT_PREFIX = 'google_';
/** Task-sourced events (range answers, the calendar) have the id `task_<taskId>`. */
export const TASK_EVENT_PREFIX = 'task_';
export const READ_ONLY_MESSAGE = 'This event is read-only and cannot be modified';
export const MAX_EXDATES = 1_000;

export const EVENT_SOURCES = ['local', 'task', 'google', 'ics'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** Translation keys of the event rules (validation/messages.ts). */
export const EVENT_ERRORS = {
  endBeforeStart: 'events.endBeforeStart',
  startTimeRequired: 'events.startTimeRequired',
  invalidRecurrence: 'events.invalidRecurrence',
  invalidOccurrence: 'events.invalidOccurrence',
} as const;

/** '', undefined → null: the REST body and the dialog send empty strings for "none". */
const emptyToNull = z.transform((v: unknown) => (v === '' || v === undefined ? null : v));

/** A plain calendar date, `YYYY-MM-DD`. */
const eventDateSchema = boundedString(10, 'validation.invalidDate', 'validation.invalidDate').check(z.refine(isIsoDate, 'validation.invalidDate'));

const OCCURRENCE_KEY_RE = /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d)?$/;
/**
 * An occurrence's key (exdates, originalStart): `YYYY-MM-DD` for an all-day series, `YYYY-MM-DDTHH:mm` (wall
 * clock in the event's zone) for a timed one.
 */
export const occurrenceKeySchema = boundedString(16, EVENT_ERRORS.invalidOccurrence, EVENT_ERRORS.invalidOccurrence).check(
  z.refine((v) => OCCURRENCE_KEY_RE.test(v) && isIsoDate(v.slice(0, 10)), EVENT_ERRORS.invalidOccurrence),
);

/** An RRULE value (an optional `RRULE:` prefix is dropped), checked by `parseRrule`; '' and null mean none. */
export const recurrenceSchema = z.pipe(
  emptyToNull,
  z.nullable(
    boundedString(RRULE_MAX_LENGTH, EVENT_ERRORS.invalidRecurrence, EVENT_ERRORS.invalidRecurrence).check(
      z.refine(isValidRrule, EVENT_ERRORS.invalidRecurrence),
      z.overwrite(normaliseRrule),
    ),
  ),
);

/** Field schemas of an event (SPEC section 3, contract table). Server-only fields are not here: see EventServerFields. */
export const eventFields = {
  title: requiredText('validation.titleRequired', 500),
  description: optionalText(20_000),
  startDate: eventDateSchema,
  endDate: z.pipe(emptyToNull, z.nullable(eventDateSchema)),
  startTime: timeFieldSchema,
  endTime: timeFieldSchema,
  allDay: z.boolean('validation.invalid'),
  timezone: z.pipe(emptyToNull, z.nullable(timeZoneSchema)),
  recurrence: recurrenceSchema,
  exdates: z.array(occurrenceKeySchema).check(z.maxLength(MAX_EXDATES, 'validation.tooMany')),
  seriesId: z.pipe(emptyToNull, z.nullable(idSchema)),
  originalStart: z.pipe(emptyToNull, z.nullable(occurrenceKeySchema)),
  location: boundedString(1_000),
  color: z.pipe(emptyToNull, z.nullable(hexColorSchema)),
  tags: idListSchema,
  reminders: z.array(z.int('validation.invalid').check(z.gte(0, 'validation.invalid'), z.lte(60 * 24 * 30, 'validation.invalid'))).check(z.maxLength(20, 'validation.tooMany')),
  details: boundedRecord(),
};

/** A new event (REST POST, `event.create`); every field but title and startDate has a default. */
export const eventCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: eventFields.title,
  description: z._default(eventFields.description, ''),
  startDate: eventFields.startDate,
  endDate: z._default(eventFields.endDate, null),
  startTime: z._default(eventFields.startTime, null),
  endTime: z._default(eventFields.endTime, null),
  allDay: z._default(eventFields.allDay, false),
  timezone: z._default(eventFields.timezone, null),
  recurrence: z._default(eventFields.recurrence, null),
  exdates: z._default(eventFields.exdates, []),
  seriesId: z._default(eventFields.seriesId, null),
  originalStart: z._default(eventFields.originalStart, null),
  location: z._default(eventFields.location, ''),
  color: z._default(eventFields.color, null),
  tags: z._default(eventFields.tags, []),
  reminders: z._default(eventFields.reminders, []),
  details: z._default(eventFields.details, {}),
});
export type EventCreateInput = z.infer<typeof eventCreateSchema>;

/** A partial update (REST PUT, `event.update`): only the fields present change. */
export const eventPatchSchema = z.partial(z.object(eventFields));
export type EventPatch = z.infer<typeof eventPatchSchema>;

/** The fields a client sends (create fields without `_id`). */
export interface EventClientData {
  title: string;
  description: string;
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
  location: string;
  color: string | null;
  tags: string[];
  reminders: number[];
  details: Record<string, unknown>;
}

/** Fields only the server sets (imports, Google): a client's args schemas do not have them. */
export interface EventServerFields {
  source: EventSource;
  sourceId: string | null;
  calendarId: string | null;
  uid: string | null;
  readonly: boolean;
}

/** The server-only fields, as a server-only write path (`event.import`) validates them. */
export const eventServerFields = {
  source: z.enum(EVENT_SOURCES, 'validation.invalid'),
  sourceId: z.nullable(boundedString(1_000)),
  calendarId: z.nullable(boundedString(1_000)),
  uid: z.nullable(boundedString(1_000)),
  readonly: z.boolean('validation.invalid'),
};

/** What is stored for an event (the row's data). */
export type EventData = EventClientData & EventServerFields;

export const LOCAL_SOURCE_FIELDS: EventServerFields = { source: 'local', sourceId: null, calendarId: null, uid: null, readonly: false };

/** An event as the API answers it. */
export interface Event extends EventData {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** An event with its id: what `expandEvents` takes. */
export type EventRow = EventData & { _id: string };

/** Whether an event refuses every change: `readonly`, or imported from Google. */
export const isReadOnlyEvent = (e: Pick<EventData, 'readonly' | 'source'>): boolean => e.readonly === true || e.source === 'google';

/** A stored row's data with every field present (rows written before a field existed get its default). */
export function withEventDefaults(data: Partial<EventData> & Pick<EventData, 'title' | 'startDate'>): EventData {
  return {
    description: '',
    endDate: null,
    startTime: null,
    endTime: null,
    allDay: false,
    timezone: null,
    recurrence: null,
    exdates: [],
    seriesId: null,
    originalStart: null,
    location: '',
    color: null,
    tags: [],
    reminders: [],
    details: {},
    ...LOCAL_SOURCE_FIELDS,
    ...data,
  };
}

export type EventRuleField = 'startTime' | 'endDate' | 'endTime' | 'originalStart' | 'seriesId' | 'recurrence';

/**
 * The event rules that involve several fields, as translation keys by field: a timed event needs a start time;
 * the end is not before the start (end date ≥ start date; on the same day a timed event's end time is after its
 * start time); an override names both its series and its occurrence and does not recur itself. The dialog shows
 * them as the user types; every event mutation refuses an event that breaks one of them.
 */
export function eventRuleErrors(e: Pick<EventData, 'allDay' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'seriesId' | 'originalStart' | 'recurrence'>): Partial<Record<EventRuleField, string>> {
  const errors: Partial<Record<EventRuleField, string>> = {};
  if (!e.allDay && !e.startTime) errors.startTime = EVENT_ERRORS.startTimeRequired;
  if (e.endDate && e.endDate < e.startDate) errors.endDate = EVENT_ERRORS.endBeforeStart;
  else if (!e.allDay && e.startTime && e.endTime && (e.endDate ?? e.startDate) === e.startDate && e.endTime <= e.startTime) {
    errors.endTime = EVENT_ERRORS.endBeforeStart;
  }
  if (e.seriesId && !e.originalStart) errors.originalStart = 'validation.required';
  if (!e.seriesId && e.originalStart) errors.seriesId = 'validation.required';
  if (e.seriesId && e.recurrence) errors.recurrence = EVENT_ERRORS.invalidRecurrence;
  return errors;
}

/** `GET /api/events/by-day?date=`, `by-month?date=`: one calendar date. */
export const eventDateQuerySchema = z.object({ date: eventDateSchema });
/** `GET /api/events/by-days?from=&to=` (the route also checks the range's order and length, naming `to`). */
export const eventDaysQuerySchema = z.object({ from: eventDateSchema, to: eventDateSchema });
/** `GET /api/events/by-week?date=&weekStartDay=` (0 = Sunday … 6; SPEC: the client sends 0). */
export const eventWeekQuerySchema = z.object({ date: eventDateSchema, weekStartDay: z._default(intParamSchema(0, 6), 0) });

/**
 * An event written by a server-only import (ICS now, Google later; server/src/modules/events/import-write.ts):
 * the client fields plus the server-only ones. `uid` is required: imports key on it (importedEventId). Never a
 * mutation's args, so no client can send it.
 */
export const eventImportSchema = z.object({
  ...eventCreateSchema.shape,
  _id: z.optional(z.never()),
  source: z.enum(['ics', 'google'], 'validation.invalid'),
  uid: requiredText('validation.required', 1_000),
  sourceId: z._default(eventServerFields.sourceId, null),
  calendarId: z._default(eventServerFields.calendarId, null),
  readonly: z._default(eventServerFields.readonly, false),
});
export type EventImportInput = z.input<typeof eventImportSchema>;

const IMPORTED_EVENT_NAMESPACE = '5b0c7a52-3c55-4c1e-9a3e-6f1d2b7e8c41';
/**
 * The id of an imported event: a UUIDv5 of its UID, and for an override (an ICS RECURRENCE-ID) of its UID and
 * occurrence key, so importing the same file twice finds the same rows. An override's `seriesId` is
 * `importedEventId(uid)`.
 */
export const importedEventId = (uid: string, originalStart: string | null = null): string =>
  uuidV5(originalStart ? `${uid}|${originalStart}` : uid, IMPORTED_EVENT_NAMESPACE);
