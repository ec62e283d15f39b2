import { z } from 'zod/mini';
import { EVENT_ERRORS, eventCreateSchema, eventRuleErrors, eventServerFields, type EventRuleField } from '../events/schema.js';
import { folderCreateSchema } from '../folders/schema.js';
import { HABIT_DAY_STATUSES, habitCreateBaseSchema, habitCustomTimeRule, habitFields, habitFrequencyRule, habitIntervalRule, habitWeekDayRule } from '../habits/schema.js';
import { inboxCreateSchema } from '../inbox/schema.js';
import { noteCreateSchema } from '../notes/schema.js';
import { withoutId } from '../sync/args.js';
import type { EntityType } from '../sync/protocol.js';
import { tagCreateSchema } from '../tags/schema.js';
import { taskCreateSchema } from '../tasks/schema.js';
import { calendarDateSchema, idSchema, isoTimestampSchema } from '../validation/fields.js';

/**
 * The user's export (docs/export-format.md): one JSON document with all of a user's live data, each entity in
 * its API shape (`_id`, the stored fields, `createdAt`, `updatedAt`; no `version` and no derived fields such as
 * a task's `children` or a habit's streaks). `GET /api/export` streams it, the client builds it from its local
 * database with the same writer (`exportJsonChunks`), and `POST /api/import` takes it back.
 *
 * Unlike the other input schemas this one is not under the 1 MiB body walk (shared/test/schema-walk.ts looks at
 * `schema.ts` files): the import route alone takes up to IMPORT_MAX_BYTES, so its arrays are capped at
 * EXPORT_MAX_ROWS, and every field inside reuses the length-gated field schemas of the domains.
 */

export const EXPORT_FORMAT = 'adhd-superapp-export';
export const EXPORT_VERSION = 1;
/** The most rows of one type a file may hold (50 MB of the smallest rows is fewer). */
export const EXPORT_MAX_ROWS = 200_000;
/** The largest import body the server reads (bytes). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The sections of `data`, with their entity type, in write order: what others refer to comes first. */
export const EXPORT_SECTIONS = [
  ['tags', 'tag'],
  ['folders', 'folder'],
  ['tasks', 'task'],
  ['notes', 'note'],
  ['habits', 'habit'],
  ['habitDays', 'habitDay'],
  ['events', 'event'],
  ['inbox', 'inbox'],
] as const satisfies readonly (readonly [string, EntityType])[];
export type ExportSection = (typeof EXPORT_SECTIONS)[number][0];
export type ExportCounts = Record<ExportSection, number>;

const stamps = { _id: idSchema, createdAt: isoTimestampSchema, updatedAt: isoTimestampSchema };
const rows = <T extends z.ZodMiniType>(item: T) => z._default(z.array(item).check(z.maxLength(EXPORT_MAX_ROWS, 'validation.tooMany')), []);

export const exportedTagSchema = withoutId(tagCreateSchema, stamps);
export const exportedFolderSchema = withoutId(folderCreateSchema, stamps);
export const exportedTaskSchema = withoutId(taskCreateSchema, stamps);
export const exportedNoteSchema = withoutId(noteCreateSchema, { ...stamps, conflictOf: z.optional(idSchema) });
export const exportedHabitSchema = withoutId(habitCreateBaseSchema, { ...stamps, startDate: habitFields.startDate }).check(
  habitFrequencyRule,
  habitWeekDayRule,
  habitIntervalRule,
  habitCustomTimeRule,
);
/** Each event rule (eventRuleErrors) as a check naming its field, with the same message key. */
const EVENT_RULE_KEYS: Record<EventRuleField, string> = {
  startTime: EVENT_ERRORS.startTimeRequired,
  endDate: EVENT_ERRORS.endBeforeStart,
  endTime: EVENT_ERRORS.endBeforeStart,
  originalStart: 'validation.required',
  seriesId: 'validation.required',
  recurrence: EVENT_ERRORS.invalidRecurrence,
};
type EventRuleInput = Parameters<typeof eventRuleErrors>[0];
const eventRules = (Object.keys(EVENT_RULE_KEYS) as EventRuleField[]).map((field) =>
  z.refine<EventRuleInput>((e) => eventRuleErrors(e)[field] === undefined, { message: EVENT_RULE_KEYS[field], path: [field] }),
);
/**
 * An event as stored: the client fields and the server-only ones (`source`, `sourceId`, `calendarId`, `uid`,
 * `readonly`; a file without them holds local events), so a Google event stays read-only after an import.
 */
export const exportedEventSchema = withoutId(eventCreateSchema, {
  ...stamps,
  source: z._default(eventServerFields.source, 'local'),
  sourceId: z._default(eventServerFields.sourceId, null),
  calendarId: z._default(eventServerFields.calendarId, null),
  uid: z._default(eventServerFields.uid, null),
  readonly: z._default(eventServerFields.readonly, false),
}).check(...eventRules);
export const exportedInboxSchema = withoutId(inboxCreateSchema, stamps);
/** One marked day of a habit (a `habitDay` row); its id is `habitDayId(habit, date)`. */
export const exportedHabitDaySchema = z.object({
  ...stamps,
  habit: idSchema,
  date: calendarDateSchema,
  status: z.enum(HABIT_DAY_STATUSES.filter((s) => s !== 'empty') as ['complete', 'miss', 'skip'], 'validation.invalid'),
});

export const exportDataSchema = z.object({
  tags: rows(exportedTagSchema),
  folders: rows(exportedFolderSchema),
  tasks: rows(exportedTaskSchema),
  notes: rows(exportedNoteSchema),
  habits: rows(exportedHabitSchema),
  habitDays: rows(exportedHabitDaySchema),
  events: rows(exportedEventSchema),
  inbox: rows(exportedInboxSchema),
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, 'backup.notExport'),
  version: z.int('validation.invalid').check(z.gte(1, 'validation.invalid'), z.lte(EXPORT_VERSION, 'backup.newerVersion')),
  exportedAt: isoTimestampSchema,
  data: exportDataSchema,
});
export type ExportDocument = z.output<typeof exportDocumentSchema>;
export type ExportData = ExportDocument['data'];
export type ExportedEntity = ExportData[ExportSection][number];

/** A stored row as the export writer reads it (the sync `StoredRow` without `deleted`). */
export interface ExportRow {
  id: string;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** A row in its export shape: `{ _id, ...data, createdAt, updatedAt }`. */
export const exportEntity = (row: ExportRow): Record<string, unknown> => ({ _id: row.id, ...row.data, createdAt: row.createdAt, updatedAt: row.updatedAt });

/** Pieces are handed on at about this many characters. */
const PIECE = 64 * 1024;

/**
 * The export document as JSON text in pieces, written as the rows come, so neither side ever holds it as one
 * string. `rowsOf` answers the live rows of a type, sorted by id; `onRow` is told each row written (progress).
 */
export async function* exportJsonChunks(
  exportedAt: string,
  rowsOf: (type: EntityType) => Iterable<ExportRow> | AsyncIterable<ExportRow> | Promise<Iterable<ExportRow>>,
  onRow?: (section: ExportSection) => void,
): AsyncGenerator<string> {
  let buffer = `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(exportedAt)},"data":{`;
  for (const [i, [section, type]] of EXPORT_SECTIONS.entries()) {
    buffer += `${i ? ',' : ''}${JSON.stringify(section)}:[`;
    let first = true;
    for await (const row of await rowsOf(type)) {
      buffer += (first ? '' : ',') + JSON.stringify(exportEntity(row));
      first = false;
      onRow?.(section);
      if (buffer.length >= PIECE) {
        yield buffer;
        buffer = '';
      }
    }
    buffer += ']';
  }
  yield `${buffer}}}`;
}

/** The name of an export file made on `date` (`YYYY-MM-DD`). */
export const exportFileName = (date: string) => `adhd-superapp-export-${date}.json`;
