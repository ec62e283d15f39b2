import { z } from 'zod/mini';
import { hexColorSchema, idSchema, nullableIdRefSchema, optionalText, requiredText } from '../validation/fields.js';

export const NOTE_DEFAULT_COLOR = '#FFEB3B';

/** Note tags are strings; empty and null entries are removed (SPEC section 3). */
export const noteTagsSchema = z.pipe(
  z.transform((v: unknown) => (Array.isArray(v) ? v.filter((t) => t !== null && t !== '') : v)),
  z.array(z.string().check(z.maxLength(100, 'validation.maxLength'))).check(z.maxLength(200, 'validation.tooMany')),
);

export const noteFields = {
  title: requiredText('validation.titleRequired', 500),
  content: z.string('validation.contentRequired').check(
    z.refine((v) => v.trim().length > 0, 'validation.contentRequired'),
    z.maxLength(500_000, 'validation.maxLength'),
  ),
  isMarkdown: z.boolean('validation.invalid'),
  color: hexColorSchema,
  pinned: z.boolean('validation.invalid'),
  folder: nullableIdRefSchema,
  tags: noteTagsSchema,
};

export const noteCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: noteFields.title,
  content: noteFields.content,
  isMarkdown: z._default(noteFields.isMarkdown, true),
  color: z._default(noteFields.color, NOTE_DEFAULT_COLOR),
  pinned: z._default(noteFields.pinned, false),
  folder: z._default(noteFields.folder, null),
  tags: z._default(noteFields.tags, []),
});

export const notePatchSchema = z.partial(z.object(noteFields));
export const noteContentMax = optionalText(500_000);
