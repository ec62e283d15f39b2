import { z } from 'zod/mini';
import { idSchema, localeSchema, requiredText } from '../validation/fields.js';

export const NEWS_STATUSES = ['draft', 'published'] as const;

export const newsCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: requiredText('validation.titleRequired', 300),
  content: z.string('validation.contentRequired').check(z.minLength(1, 'validation.contentRequired'), z.maxLength(200_000, 'validation.maxLength')),
  language: localeSchema,
  status: z._default(z.enum(NEWS_STATUSES, 'validation.invalid'), 'draft'),
  publishedAt: z._default(z.nullable(z.string()), null),
  customLayout: z._default(z.boolean(), false),
  displayPath: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,120}$/, 'validation.invalid'))),
});
export const newsPatchSchema = z.partial(newsCreateSchema);
