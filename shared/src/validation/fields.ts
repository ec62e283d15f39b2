import { z } from 'zod/mini';
import { isIsoDate, isIsoDateTime, isValidTimeZone } from '../time.js';

/** Reusable field schemas. Every message is a translation key from `messages.ts`. */

export const MAX_TEXT = 100_000;

/** Entity ids: client-generated (UUIDv7 or similar), URL-safe, bounded. */
export const idSchema = z.string().check(z.regex(/^[A-Za-z0-9_:.-]{1,100}$/, 'validation.invalidId'));

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

export function requiredText(key: string, max = 500) {
  return z.string(key).check(z.trim(), z.minLength(1, key), z.maxLength(max, 'validation.maxLength'));
}

export function optionalText(max = MAX_TEXT) {
  return z.string('validation.invalid').check(z.maxLength(max, 'validation.maxLength'));
}

/** A date field: `YYYY-MM-DD` or an ISO date-time; '' and null mean "no date". */
export const dateFieldSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(
    z.string('validation.invalidDate').check(
      z.refine((v) => isIsoDate(v) || isIsoDateTime(v), 'validation.invalidDate'),
    ),
  ),
);

/** A plain calendar date, `YYYY-MM-DD`. */
export const calendarDateSchema = z
  .string('validation.invalidDate')
  .check(z.refine((v) => isIsoDate(v), 'validation.invalidDate'));

/**
 * A time of day. Accepts HH:mm or HH:mm:ss with an optional am/pm (SPEC section 5) and normalises to HH:mm;
 * '' and null mean "no time".
 */
export function normaliseTime(v: string): string | undefined {
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([aApP][mM])?\s*$/.exec(v);
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

export const hexColorSchema = z
  .string('validation.hexColor')
  .check(z.regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'validation.hexColor'));

export const timeZoneSchema = z
  .string('validation.invalidTimeZone')
  .check(z.refine((v) => isValidTimeZone(v), 'validation.invalidTimeZone'));

export const emailSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.string('validation.required').check(
    z.minLength(1, 'validation.required'),
    z.maxLength(254, 'validation.maxLength'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email'),
  ),
);

export const localeSchema = z.enum(['en', 'ru'], 'validation.invalidLocale');
export const weekStartDaySchema = z.int('validation.invalid').check(z.gte(0, 'validation.invalid'), z.lte(6, 'validation.invalid'));
export const isoTimestampSchema = z.string();
