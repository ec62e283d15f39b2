import { z } from 'zod/mini';
import { boundedString, hexColorSchema, idListSchema, idSchema, nullableIdRefSchema, parentQueryParam, requiredText } from '../validation/fields.js';

export const folderFields = {
  name: requiredText('validation.folderNameRequired', 200),
  icon: z.nullable(boundedString(100)),
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

/** `GET /api/folders?parent=`: a folder id for its subfolders; empty, `null` or `root` for the root level. */
export const folderListQuerySchema = z.object({ parent: parentQueryParam });

/** What is stored for a folder. `children` is derived from `parentFolder`, never stored. */
export interface FolderData {
  name: string;
  icon: string | null;
  color: string | null;
  parentFolder: string | null;
  tags: string[];
}

/** A folder as the API answers it. */
export interface Folder extends FolderData {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A folder in `GET /api/folders/tree`: its subfolders nested to any depth. */
export interface FolderNode extends Folder {
  children: FolderNode[];
}
