import { z } from 'zod/mini';
import { boundedString, EMAIL_MAX, isEmail, requiredText } from '../validation/fields.js';

export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'other'] as const;
export const FEEDBACK_MAX_FILES = 3;
export const FEEDBACK_MAX_TOTAL_BYTES = 5 * 1024 * 1024;

export const feedbackSchema = z.object({
  name: requiredText('feedback.nameRequired', 100),
  // Absent, empty or blank: 'Email is required'. (An optional output would let an absent key pass unchecked.)
  email: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' && v.length <= 4 * EMAIL_MAX ? v.trim().toLowerCase() : v)),
    boundedString(EMAIL_MAX, 'feedback.emailRequired').check(z.minLength(1, { error: 'feedback.emailRequired', abort: true }), z.refine(isEmail, 'validation.email')),
  ),
  type: z.enum(FEEDBACK_TYPES, 'feedback.typeRequired'),
  message: requiredText('feedback.messageRequired', 10_000),
});

export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackFields = z.output<typeof feedbackSchema>;

/** The admin's triage states (CONTRACT.md "admin"); new feedback starts `new`, opening it in the admin area reads it. */
export const FEEDBACK_STATUSES = ['new', 'read', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Screenshot types the server accepts, detected from the bytes (never the name or declared type). */
export const FEEDBACK_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as const;

/** `PATCH /api/admin/feedback/{id}`. */
export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES, 'validation.invalid') });

/** `GET /api/admin/feedback?type&status&page` (page from 1). */
export const feedbackListQuerySchema = z.object({
  type: z.optional(z.enum(FEEDBACK_TYPES, 'validation.invalid')),
  status: z.optional(z.enum(FEEDBACK_STATUSES, 'validation.invalid')),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});

/** One item of the admin list; `screenshots` is their number (fetched one by one, n from 0). */
export interface FeedbackItem {
  _id: string;
  name: string;
  email: string;
  type: FeedbackType;
  message: string;
  status: FeedbackStatus;
  createdAt: string;
  screenshots: number;
}

export const FEEDBACK_PAGE_SIZE = 20;
