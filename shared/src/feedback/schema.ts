import { z } from 'zod/mini';
import { emailSchema } from '../validation/fields.js';

export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'other'] as const;
export const FEEDBACK_MAX_FILES = 3;
export const FEEDBACK_MAX_TOTAL_BYTES = 5 * 1024 * 1024;

export const feedbackSchema = z.object({
  name: z.string('feedback.nameRequired').check(z.trim(), z.minLength(1, 'feedback.nameRequired'), z.maxLength(100, 'validation.maxLength')),
  email: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === '' ? undefined : v)),
    z.optional(emailSchema),
  ).check(z.refine((v) => v !== undefined, 'feedback.emailRequired')),
  type: z.enum(FEEDBACK_TYPES, 'feedback.typeRequired'),
  message: z.string('feedback.messageRequired').check(z.trim(), z.minLength(1, 'feedback.messageRequired'), z.maxLength(10_000, 'validation.maxLength')),
});
