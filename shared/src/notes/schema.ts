import { z } from 'zod/mini';
import { boundedString, hexColorSchema, idSchema, nullableIdRefSchema, parentQueryParam, requiredText } from '../validation/fields.js';

export const NOTE_DEFAULT_COLOR = '#FFEB3B';
export const NOTE_CONTENT_MAX = 500_000;

const NOTE_TAGS_MAX = 200;

/**
 * Note tags are strings (tag ids); empty and null entries are removed (SPEC section 3). A tag given as an
 * object with `_id` is reduced to its id, like task tags. A list far over the limit is not cleaned up first:
 * it goes to the size check as it is.
 */
export const noteTagsSchema = z.pipe(
  z.transform((v: unknown) =>
    v === null
      ? []
      : Array.isArray(v) && v.length <= 5 * NOTE_TAGS_MAX
      ? v
          .map((t: unknown) => (t !== null && typeof t === 'object' && '_id' in t ? (t as { _id: unknown })._id : t))
          .filter((t) => t !== null && t !== undefined && t !== '')
      : v,
  ),
  z.array(boundedString(100)).check(z.maxLength(NOTE_TAGS_MAX, 'validation.tooMany')),
);

export const noteFields = {
  title: requiredText('validation.titleRequired', 500),
  content: boundedString(NOTE_CONTENT_MAX, 'validation.contentRequired').check(
    z.refine((v) => v.trim().length > 0, 'validation.contentRequired'),
  ),
  isMarkdown: z.boolean('validation.invalid'),
  color: hexColorSchema,
  pinned: z.boolean('validation.invalid'),
  folder: nullableIdRefSchema,
  tags: noteTagsSchema,
};

/** `null` on a new note's field means its SPEC section 3 default, like an absent field. */
const nullAs =
  <T>(value: T) =>
  (v: unknown) =>
    v === null ? value : v;

/** A new note: fields without id or timestamps (SPEC section 7); `_id` is optional for offline creations. */
export const noteCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: noteFields.title,
  content: noteFields.content,
  isMarkdown: z._default(z.pipe(z.transform(nullAs(true)), noteFields.isMarkdown), true),
  color: z._default(z.pipe(z.transform(nullAs(NOTE_DEFAULT_COLOR)), noteFields.color), NOTE_DEFAULT_COLOR),
  pinned: z._default(z.pipe(z.transform(nullAs(false)), noteFields.pinned), false),
  folder: z._default(noteFields.folder, null),
  tags: z._default(noteFields.tags, []),
});

/** A partial update (REST PUT): only the fields present change. The pin toggle sends `{ pinned }` alone. */
export const notePatchSchema = z.partial(z.object(noteFields));

/**
 * Optional filters of `GET /api/notes`: `q` searches titles and bodies (FTS5), `folder` keeps one folder
 * (`null`, `root` or empty: the root level, as in `GET /api/folders?parent=`).
 */
export const noteListQuerySchema = z.object({
  q: z.optional(boundedString(500)),
  folder: parentQueryParam,
});

/** A REST PUT body: any note fields, plus the optional `baseHash` of the body the edit started from. */
export const notePutSchema = z.extend(notePatchSchema, { baseHash: z.optional(boundedString(20)) });

/** What is stored for a note (the row's data). */
export interface NoteData {
  title: string;
  content: string;
  isMarkdown: boolean;
  color: string;
  pinned: boolean;
  folder: string | null;
  tags: string[];
  /** Set only on a conflicted copy: the note whose text this copy saved (docs/notes.md). */
  conflictOf?: string;
}

/** A note as the API answers it. */
export interface Note extends NoteData {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}
