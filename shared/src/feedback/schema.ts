import { z } from 'zod/mini';
import { emailSchema, requiredText } from '../validation/fields.js';

export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'other'] as const;
export const FEEDBACK_MAX_FILES = 3;
export const FEEDBACK_MAX_TOTAL_BYTES = 5 * 1024 * 1024;

export const feedbackSchema = z.object({
  name: requiredText('feedback.nameRequired', 100),
  email: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === '' ? undefined : v)),
    z.optional(emailSchema),
  ).check(z.refine((v) => v !== undefined, 'feedback.emailRequired')),
  type: z.enum(FEEDBACK_TYPES, 'feedback.typeRequired'),
  message: requiredText('feedback.messageRequired', 10_000),
});
