import { z } from 'zod/mini';
import {
  boundedRecord,
  boundedString,
  dateFieldSchema,
  hexColorSchema,
  idListSchema,
  idSchema,
  optionalText,
  requiredText,
  timeFieldSchema,
} from '../validation/fields.js';

export const GOOGLE_EVENT_COLOR = '#4285F4';
export const GOOGLE_EVENT_PREFIX = 'google_';

export const eventFields = {
  title: requiredText('validation.titleRequired', 500),
  description: optionalText(20_000),
  startDate: z.pipe(dateFieldSchema, z.string('validation.invalidDate')),
  endDate: dateFieldSchema,
  startTime: timeFieldSchema,
  endTime: timeFieldSchema,
  allDay: z.boolean('validation.invalid'),
  recurrence: z.nullable(boundedString(1_000)),
  location: boundedString(1_000),
  color: z.nullable(hexColorSchema),
  tags: idListSchema,
  reminders: z.array(z.int().check(z.gte(0), z.lte(60 * 24 * 30))).check(z.maxLength(20, 'validation.tooMany')),
  details: boundedRecord(),
};

export const eventCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: eventFields.title,
  description: z._default(eventFields.description, ''),
  startDate: eventFields.startDate,
  endDate: z._default(eventFields.endDate, null),
  startTime: z._default(eventFields.startTime, null),
  endTime: z._default(eventFields.endTime, null),
  allDay: z._default(eventFields.allDay, false),
  recurrence: z._default(eventFields.recurrence, null),
  location: z._default(eventFields.location, ''),
  color: z._default(eventFields.color, null),
  tags: z._default(eventFields.tags, []),
  reminders: z._default(eventFields.reminders, []),
  details: z._default(eventFields.details, {}),
});

export const eventPatchSchema = z.partial(z.object(eventFields));

/** Fields only the server sets (imports): source, sourceId, calendarId, readonly. */
export interface EventSourceFields {
  source: 'local' | 'task' | 'google';
  sourceId: string | null;
  calendarId: string | null;
  readonly: boolean;
}
