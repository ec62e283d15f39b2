import type { EventSource, eventCreateSchema } from '@adhd/shared/events/schema';
import { folderCreateSchema } from '@adhd/shared/folders/schema';
import { habitCreateBaseSchema, type HabitDayStatus } from '@adhd/shared/habits/schema';
import type { InboxSource } from '@adhd/shared/inbox/schema';
import { noteCreateSchema } from '@adhd/shared/notes/schema';
import { tagCreateSchema } from '@adhd/shared/tags/schema';
import { taskCreateSchema } from '@adhd/shared/tasks/schema';
import { withoutId } from '@adhd/shared/sync/args';
import { calendarDateSchema, idSchema } from '@adhd/shared/validation/fields';
import { z } from 'zod/mini';
import type { LocalRow } from './database';
import { rowDecoder } from './row-decoder';

/**
 * What each entity's stored row holds, as the shared create schemas define it (with their defaults), without
 * the create-only `_id`. A new entity type adds its line here; its screens read `EntityRow<'type'>`.
 */
const taskRow = withoutId(taskCreateSchema);
const habitRow = withoutId(habitCreateBaseSchema);
const noteRow = withoutId(noteCreateSchema, {
  /** Set on a conflicted copy: the note whose other text this one keeps (docs/notes.md). */
  conflictOf: z._default(z.nullable(idSchema), null),
});
const folderRow = withoutId(folderCreateSchema);
const tagRow = withoutId(tagCreateSchema);
/**
 * An event as stored: the shared create schema's fields (contract "Event data") plus what only the server sets.
 * Written out with plain types rather than derived from `eventCreateSchema`: importing that module evaluates its
 * zod `record` (the `details` field), +0.55 KiB gzip of first-paint JS, and a read needs only the types and the
 * defaults (stored rows are the schemas' output). `SameAsShared` below fails to compile when they drift apart.
 */
const nullableString = z._default(z.nullable(z.string()), null);
/** The shared `EVENT_SOURCES` (that module's import is what is avoided here); `SameSources` checks the list. */
const EVENT_SOURCES = ['local', 'task', 'google', 'ics'] as const;
type SameSources = [EventSource] extends [(typeof EVENT_SOURCES)[number]] ? ([(typeof EVENT_SOURCES)[number]] extends [EventSource] ? true : false) : false;
const eventRow = z.object({
  title: z.string(),
  description: z._default(z.string(), ''),
  startDate: z.string(),
  endDate: nullableString,
  startTime: nullableString,
  endTime: nullableString,
  allDay: z._default(z.boolean(), false),
  timezone: nullableString,
  recurrence: nullableString,
  exdates: z._default(z.array(z.string()), []),
  seriesId: nullableString,
  originalStart: nullableString,
  location: z._default(z.string(), ''),
  color: nullableString,
  tags: z._default(z.array(z.string()), []),
  reminders: z._default(z.array(z.number()), []),
  details: z._default(z.looseObject({}), {}),
  source: z._default(z.enum(EVENT_SOURCES), 'local'),
  sourceId: nullableString,
  calendarId: nullableString,
  uid: nullableString,
  readonly: z._default(z.boolean(), false),
});
type SharedEventFields = Omit<z.output<typeof eventCreateSchema>, '_id'>;
type EventRowFields = z.output<typeof eventRow>;
/** True when every field of the shared create schema is read here with a type that holds its values. */
type SameAsShared = { [K in keyof SharedEventFields]-?: K extends keyof EventRowFields ? (SharedEventFields[K] extends EventRowFields[K] ? true : false) : false }[keyof SharedEventFields];
type Expect<T extends true> = T;
export type EventRowMatchesShared = [Expect<SameAsShared>, Expect<SameSources>];
/** A marked day of a habit (shared `HabitDayData`); `habit` is the row's parent link. */
const habitDayRow = z.object({
  habit: idSchema,
  date: calendarDateSchema,
  status: z.enum(['complete', 'miss', 'skip'] satisfies Exclude<HabitDayStatus, 'empty'>[]),
});

/**
 * An inbox item as stored (shared `InboxData`), written out like the event row: the shared inbox schema module
 * evaluates the conversion schema's zod `record`, which first-paint JS does without. A source this build does
 * not know (a newer server's) reads as `app` rather than hiding the item: a captured thought is never lost.
 */
const INBOX_SOURCES = ['app', 'telegram', 'share'] as const;
type SameInboxSources = [InboxSource] extends [(typeof INBOX_SOURCES)[number]] ? ([(typeof INBOX_SOURCES)[number]] extends [InboxSource] ? true : false) : false;
export type InboxRowMatchesShared = Expect<SameInboxSources>;
const inboxRow = z.object({
  text: z.string(),
  source: z._default(z.catch(z.enum(INBOX_SOURCES), 'app'), 'app'),
});

/** The habits section colour (styles.css --color-section-habits): SPEC section 3, a habit shown without a colour. */
export const HABITS_CATEGORY_COLOR = '#16A34A';

/** The row decoder of each entity type the screens read. */
export const decoders = {
  task: rowDecoder(taskRow),
  habit: rowDecoder(habitRow, {
    fill: (row) => ({ color: HABITS_CATEGORY_COLOR, startDate: row.createdAt.slice(0, 10) }),
  }),
  habitDay: rowDecoder(habitDayRow, { fill: (row) => (row.parentId ? { habit: row.parentId } : {}) }),
  // Notes and folders keep the REST name of the id, `_id`, which their screens use.
  note: rowDecoder(noteRow, { idKey: '_id' }),
  folder: rowDecoder(folderRow, { idKey: '_id' }),
  tag: rowDecoder(tagRow),
  event: rowDecoder(eventRow),
  inbox: rowDecoder(inboxRow),
};

export type DecodedType = keyof typeof decoders;
/** A live row of `type` as the screens see it: the schema's output with the id and timestamps. */
export type EntityRow<T extends DecodedType> = NonNullable<ReturnType<(typeof decoders)[T]>>;

/** A stored row of `type` decoded by its schema; null when the schema refuses it (it is kept off the screen). */
export function decodeRow<T extends DecodedType>(type: T, row: LocalRow): EntityRow<T> | null {
  return decoders[type](row) as EntityRow<T> | null;
}
