import { z } from 'zod/mini';
import { boundedRecord, idSchema, requiredText } from '../validation/fields.js';

export const INBOX_SOURCES = ['app', 'telegram', 'api'] as const;
export const INBOX_TARGETS = ['task', 'event', 'habit', 'note'] as const;

export const inboxCreateSchema = z.object({
  _id: z.optional(idSchema),
  text: requiredText('inbox.textRequired', 10_000),
  source: z._default(z.enum(INBOX_SOURCES, 'validation.invalid'), 'app'),
});
export const inboxPatchSchema = z.object({ text: z.optional(requiredText('inbox.textRequired', 10_000)) });
export const inboxConvertSchema = z.object({
  to: z.enum(INBOX_TARGETS, 'validation.invalid'),
  fields: z.optional(boundedRecord()),
});
