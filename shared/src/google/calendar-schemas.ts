import { z } from 'zod/mini';
import { isIsoDate, isIsoDateTime } from '../time.js';
import { boundedString, requiredText } from '../validation/fields.js';

/**
 * Bodies and queries of the Google Calendar routes (SPEC section 7; server/src/modules/google-calendar/routes.ts,
 * docs/google-calendar.md).
 */

/** An instant or a date (`YYYY-MM-DD`, read as UTC midnight), as an ISO instant. */
const instant = z.pipe(
  boundedString(40, 'validation.invalidDate', 'validation.invalidDate').check(z.refine((v) => isIsoDate(v) || isIsoDateTime(v), 'validation.invalidDate')),
  z.transform((v: string) => new Date(isIsoDate(v) ? `${v}T00:00:00Z` : v).toISOString()),
);
const calendarIdSchema = requiredText('validation.required', 1_000);

/** `POST /api/google/calendar/sync`. */
export const googleSyncBodySchema = z.object({
  calendarIds: z.array(calendarIdSchema).check(z.maxLength(500, 'validation.tooMany')),
  timeMin: z.optional(instant),
  timeMax: z.optional(instant),
});
/** `POST /api/google/calendar/visibility`. */
export const googleVisibilityBodySchema = z.object({ calendarId: calendarIdSchema, visible: z.boolean('validation.invalid') });
/** `POST /api/google/calendar/disconnect`. */
export const googleDisconnectBodySchema = z.object({ deleteEvents: z._default(z.boolean('validation.invalid'), false) });
/** `GET /api/google/calendar/events?start&end&calendars=a,b`. */
export const googleEventsQuerySchema = z.object({ start: instant, end: instant, calendars: z._default(boundedString(50_000), '') });
