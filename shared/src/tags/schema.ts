import { z } from 'zod/mini';
import { hexColorSchema, idSchema, optionalText, requiredText } from '../validation/fields.js';

export const TAG_DEFAULT_COLOR = '#FFD6E7';
export const TAGGABLE_TYPES = ['task', 'note', 'habit', 'event'] as const;

export const tagFields = {
  name: requiredText('tags.nameRequired', 100),
  color: hexColorSchema,
  description: optionalText(1_000),
};

export const tagCreateSchema = z.object({
  _id: z.optional(idSchema),
  name: tagFields.name,
  color: z._default(tagFields.color, TAG_DEFAULT_COLOR),
  description: z._default(tagFields.description, ''),
});
export const tagPatchSchema = z.partial(z.object(tagFields));

/** An id a tag reference must carry: 'This field is required' when missing or empty, else the id rules. */
const refIdSchema = z.pipe(z.string('validation.required').check(z.minLength(1, { error: 'validation.required', abort: true })), idSchema);

/** The fields of a tag reference (SPEC section 3: tagId, itemId, itemType), also the by-item and by-tag queries. */
export const tagRefFields = {
  tagId: refIdSchema,
  itemId: refIdSchema,
  itemType: z.enum(TAGGABLE_TYPES, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
};

/** A tag reference links a tag to an item; its id is deterministic so concurrent adds converge. */
export const tagRefSchema = z.object(tagRefFields);
export type TagRef = z.infer<typeof tagRefSchema>;
export const tagRefId = (r: TagRef) => `${r.tagId}|${r.itemType}|${r.itemId}`;

/** `GET /api/tag-references/by-item`: the tags of one item. */
export const tagsByItemQuerySchema = z.object({ itemId: tagRefFields.itemId, itemType: tagRefFields.itemType });
/** `GET /api/tag-references/by-tag`: the items of one tag, optionally of one type. */
export const tagsByTagQuerySchema = z.object({ tagId: tagRefFields.tagId, itemType: z.optional(tagRefFields.itemType) });
