import { z } from 'zod/mini';
import { boundedString, idSchema, isoTimestampSchema, localeSchema, requiredString, requiredText } from '../validation/fields.js';

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export type NewsLanguage = 'en' | 'ru';

export const DISPLAY_PATH_MAX = 120;
/** A news item's path segment: lowercase Latin letters, digits and dashes (`/news/{lang}/{displayPath}`). */
export const DISPLAY_PATH_RE = /^[a-z0-9-]{1,120}$/;

/** `displayPath`: '' or null mean "make one from the title" (absent). */
const displayPathField = z.optional(
  z.pipe(
    z.transform((v: unknown) => (v === '' || v === null ? undefined : v)),
    z.optional(boundedString(DISPLAY_PATH_MAX, 'news.displayPathInvalid', 'news.displayPathInvalid').check(z.regex(DISPLAY_PATH_RE, 'news.displayPathInvalid'))),
  ),
);

const fields = {
  title: requiredText('validation.titleRequired', 300),
  content: requiredString(200_000, 'validation.contentRequired'),
  language: localeSchema,
  status: z.enum(NEWS_STATUSES, 'validation.invalid'),
  publishedAt: z.nullable(isoTimestampSchema),
  customLayout: z.boolean('validation.invalid'),
  displayPath: displayPathField,
};

/** `POST /api/admin/news`: a draft unless `status` says otherwise; `displayPath` is made from the title when absent. */
export const newsCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: fields.title,
  content: fields.content,
  language: fields.language,
  status: z._default(fields.status, 'draft'),
  publishedAt: z._default(fields.publishedAt, null),
  customLayout: z._default(fields.customLayout, false),
  displayPath: fields.displayPath,
});

/** `PUT /api/admin/news/{id}`: only the fields given change (no defaults: a missing field keeps its value). */
export const newsPatchSchema = z.object({
  title: z.optional(fields.title),
  content: z.optional(fields.content),
  language: z.optional(fields.language),
  status: z.optional(fields.status),
  publishedAt: z.optional(fields.publishedAt),
  customLayout: z.optional(fields.customLayout),
  displayPath: fields.displayPath,
});

/** `?lang` of the list routes (public: defaults to en; admin: all languages when absent). */
export const newsListQuerySchema = z.object({ lang: z.optional(localeSchema) });
/** `/api/news/{lang}/{displayPath}`: a path that cannot exist is simply not found. */
export const newsItemParamsSchema = z.object({ lang: localeSchema, displayPath: boundedString(DISPLAY_PATH_MAX).check(z.regex(DISPLAY_PATH_RE)) });
/** `/api/admin/news/{id}`. */
export const newsIdParamsSchema = z.object({ id: idSchema });

export type NewsCreate = z.output<typeof newsCreateSchema>;
export type NewsPatch = z.output<typeof newsPatchSchema>;

/** A published item as the public routes answer it (never the author, never a draft). */
export interface NewsItem {
  _id: string;
  title: string;
  content: string;
  language: NewsLanguage;
  publishedAt: string | null;
  customLayout: boolean;
  displayPath: string;
  createdAt: string;
  updatedAt: string;
}

/** An item as the admin routes answer it: drafts too, with their status. */
export interface AdminNewsItem extends NewsItem {
  status: NewsStatus;
}
