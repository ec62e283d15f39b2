import { z } from 'zod/mini';
import { boundedString, idSchema, isoTimestampSchema, localeSchema, requiredString, requiredText } from '../validation/fields.js';

export const NEWS_STATUSES = ['draft', 'published'] as const;

export const newsCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: requiredText('validation.titleRequired', 300),
  content: requiredString(200_000, 'validation.contentRequired'),
  language: localeSchema,
  status: z._default(z.enum(NEWS_STATUSES, 'validation.invalid'), 'draft'),
  publishedAt: z._default(z.nullable(isoTimestampSchema), null),
  customLayout: z._default(z.boolean(), false),
  displayPath: z.optional(boundedString(120).check(z.regex(/^[a-z0-9-]{1,120}$/, 'validation.invalid'))),
});
export const newsPatchSchema = z.partial(newsCreateSchema);
