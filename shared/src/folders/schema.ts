import { z } from 'zod/mini';
import { hexColorSchema, idListSchema, idSchema, nullableIdRefSchema, requiredText } from '../validation/fields.js';

export const folderFields = {
  name: requiredText('validation.folderNameRequired', 200),
  icon: z.nullable(z.string().check(z.maxLength(100, 'validation.maxLength'))),
  color: z.nullable(hexColorSchema),
  parentFolder: nullableIdRefSchema,
  tags: idListSchema,
};

export const folderCreateSchema = z.object({
  _id: z.optional(idSchema),
  name: folderFields.name,
  icon: z._default(folderFields.icon, null),
  color: z._default(folderFields.color, null),
  parentFolder: z._default(folderFields.parentFolder, null),
  tags: z._default(folderFields.tags, []),
});

export const folderPatchSchema = z.partial(z.object(folderFields));
