import { z } from 'zod/mini';
import { canonicalTimeZone, isIsoDate, isIsoDateTime, isValidTimeZone, TIME_ZONE_MAX_LENGTH } from '../time.js';

/**
 * Reusable field schemas. Every message is a translation key from `messages.ts`.
 *
 * Every string field starts with a length gate (`lengthGate`, `boundedString`): zod runs all the checks of a
 * schema, so a `maxLength` placed before a pattern would not stop the pattern; the gate aborts the field
 * instead, and no later check (pattern, refinement, transform) ever sees more than its maximum. The patterns
 * themselves have no overlapping quantifiers, so they run in linear time on any input (issue 12, point 1;
 * `linear-time.test.ts` checks both for every schema and every pattern in `shared/`).
 */

export const MAX_TEXT = 100_000;
export const EMAIL_MAX = 254;
/** Longer than any way of writing a time of day (`  12:30:45 pm `). */
export const TIME_MAX_LENGTH = 32;
/** A stored date or date-time: `YYYY-MM-DDTHH:mm:ss.sssssssss+hh:mm` is 35 characters. */
export const DATE_MAX_LENGTH = 40;

/**
 * The check a string field starts with: a longer string gets `key` and no later check of the field runs
 * (the issue's `maximum` fills `{max}` in 'validation.maxLength').
 */
export function lengthGate(max: number, key = 'validation.maxLength') {
  return z.maxLength(max, { error: key, abort: true });
}

/** A string of at most `max` characters (`typeKey` for a non-string); add further checks with `.check()`. */
export function boundedString(max: number, typeKey = 'validation.invalid', tooLongKey = 'validation.maxLength') {
  return z.string(typeKey).check(lengthGate(max, tooLongKey));
}

/** A non-empty string of at most `max` characters, kept as given (passwords, tokens). */
export function requiredString(max: number, key = 'validation.required') {
  return boundedString(max, key).check(z.minLength(1, key));
}

/**
 * An integer path or query parameter between `min` and `max`: a string of at most 6 digits is read as a number
 * (anything else is judged as given, so it fails the integer check); 'validation.invalid' otherwise.
 */
export function intParamSchema(min: number, max: number) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v)),
    z.int('validation.invalid').check(z.gte(min, 'validation.invalid'), z.lte(max, 'validation.invalid')),
  );
}

export const ID_MAX = 200;
/**
 * Entity ids: client-generated (UUIDv7 or similar), URL-safe, bounded. `@` is allowed (a path character of RFC
 * 3986) because imported Google events are `google_<calendarId>_<eventId>` and calendar ids are mail addresses.
 */
export const idSchema = z.string().check(lengthGate(ID_MAX, 'validation.invalidId'), z.regex(/^[A-Za-z0-9_:.@-]{1,200}$/, 'validation.invalidId'));

/** An id given as a string or as an object with `_id` (SPEC: tags and parents come both ways). */
export const idRefSchema = z.pipe(
  z.transform((v: unknown) => (v !== null && typeof v === 'object' && '_id' in v ? (v as { _id: unknown })._id : v)),
  idSchema,
);

export const nullableIdRefSchema = z.pipe(
  z.transform((v: unknown) => (v === '' ? null : v)),
  z.nullable(idRefSchema),
);

export const idListSchema = z.array(idRefSchema).check(z.maxLength(200, 'validation.tooMany'));

/** Trimmed text of 1 to `max` characters; `key` is the message when it is missing or blank. */
export function requiredText(key: string, max = 500) {
  return z.string(key).check(z.trim(), lengthGate(max), z.minLength(1, key));
}

export function optionalText(max = MAX_TEXT) {
  return boundedString(max);
}

/**
 * A free-form object (`details`, import fields): at most `maxKeys` keys of at most 100 characters. The key count
 * is checked before any entry is parsed.
 */
export function boundedRecord(maxKeys = 100) {
  return z.pipe(
    z.unknown().check(
      z.refine((v) => v === null || typeof v !== 'object' || Object.keys(v).length <= maxKeys, { error: 'validation.tooMany', abort: true }),
    ),
    z.record(boundedString(100), z.unknown()),
  );
}

/** A date field: `YYYY-MM-DD` or an ISO date-time; '' and null mean "no date". */
export const dateFieldSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(
    boundedString(DATE_MAX_LENGTH, 'validation.invalidDate', 'validation.invalidDate').check(
      z.refine((v) => isIsoDate(v) || isIsoDateTime(v), 'validation.invalidDate'),
    ),
  ),
);

/** A plain calendar date, `YYYY-MM-DD`. */
export const calendarDateSchema = boundedString(10, 'validation.invalidDate', 'validation.invalidDate').check(
  z.refine((v) => isIsoDate(v), 'validation.invalidDate'),
);

/** An ISO 8601 date-time with an offset or `Z` (timestamps such as `publishedAt`). */
export const isoTimestampSchema = boundedString(DATE_MAX_LENGTH, 'validation.invalidDate', 'validation.invalidDate').check(
  z.refine((v) => isIsoDateTime(v), 'validation.invalidDate'),
);

/** `H:mm` or `HH:mm`, optional `:ss`, optional am/pm after at most 8 blanks. Every part is disjoint from the next. */
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s{0,8}([aApP][mM])?$/;

/**
 * A time of day. Accepts HH:mm or HH:mm:ss with an optional am/pm (SPEC section 5), with blanks around, and
 * normalises to HH:mm; anything longer than TIME_MAX_LENGTH is not a time.
 */
export function normaliseTime(v: string): string | undefined {
  return v.length > TIME_MAX_LENGTH ? undefined : timeOfMatch(TIME_RE.exec(v.trim()));
}

/** The HH:mm that a match of a time pattern stands for (groups: hours, minutes, seconds, am/pm), if it is a time. */
export function timeOfMatch(m: RegExpExecArray | null): string | undefined {
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const ampm = m[4]?.toLowerCase();
  if (min > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return undefined;
  if (ampm) {
    if (h < 1 || h > 12) return undefined;
    if (ampm === 'am') h = h === 12 ? 0 : h;
    else h = h === 12 ? 12 : h + 12;
  } else if (h > 23) return undefined;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

export const timeFieldSchema = z.pipe(
  z.transform((v: unknown, ctx) => {
    if (v === '' || v === undefined || v === null) return null;
    const t = typeof v === 'string' ? normaliseTime(v) : undefined;
    if (t === undefined) {
      ctx.issues.push({ code: 'custom', message: 'validation.invalidTime', input: v });
      return null;
    }
    return t;
  }),
  z.nullable(z.string()),
);

export const hexColorSchema = boundedString(7, 'validation.hexColor', 'validation.hexColor').check(
  z.regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'validation.hexColor'),
);

/** An IANA time zone in any spelling, stored under the runtime's canonical name (`europe/berlin` → `Europe/Berlin`). */
export const timeZoneSchema = boundedString(TIME_ZONE_MAX_LENGTH, 'validation.invalidTimeZone', 'validation.invalidTimeZone').check(
  z.refine((v) => isValidTimeZone(v), 'validation.invalidTimeZone'),
  z.overwrite((v) => canonicalTimeZone(v) ?? v),
);

/** One `@` between two runs without blanks or `@`; linear (the classes exclude what follows them). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

/**
 * An email address as the app has always accepted it (`local@domain` where the domain has a dot with a
 * character on each side), checked by one `@` split instead of a backtracking pattern.
 */
export function isEmail(v: string): boolean {
  if (v.length > EMAIL_MAX || !EMAIL_RE.test(v)) return false;
  const domain = v.slice(v.indexOf('@') + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

export const emailSchema = z.pipe(
  // Normalised only when it can still be an address after trimming; a longer string goes to the gate as it is.
  z.transform((v: unknown) => (typeof v === 'string' && v.length <= 4 * EMAIL_MAX ? v.trim().toLowerCase() : v)),
  boundedString(EMAIL_MAX, 'validation.required').check(
    z.minLength(1, 'validation.required'),
    z.refine(isEmail, 'validation.email'),
  ),
);

export const localeSchema = z.enum(['en', 'ru'], 'validation.invalidLocale');
export const weekStartDaySchema = z.int('validation.invalid').check(z.gte(0, 'validation.invalid'), z.lte(6, 'validation.invalid'));

/**
 * A query parameter naming a parent (`GET /api/folders?parent=`, `GET /api/notes?folder=`): an id, or the root
 * level as empty, `null` or `root`.
 */
export const parentQueryParam = z.optional(
  z.pipe(z.transform((v: unknown) => (v === '' || v === 'null' || v === 'root' ? null : v)), z.nullable(idSchema)),
);
