import { z } from 'zod/mini';
import { boundedRecord, idSchema, requiredText } from '../validation/fields.js';

/** Where an item was captured: the app's own field, the Telegram bot, the PWA's Web Share Target. */
export const INBOX_SOURCES = ['app', 'telegram', 'share'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

/** What an item can become (`inbox.convert`). */
export const INBOX_TARGETS = ['task', 'event', 'habit', 'note'] as const;
export type InboxTarget = (typeof INBOX_TARGETS)[number];

export const INBOX_TEXT_MAX = 10_000;

const inboxText = requiredText('inbox.textRequired', INBOX_TEXT_MAX);

/** A new item (REST POST, `inbox.create`); `_id` is optional for offline creations. */
export const inboxCreateSchema = z.object({
  _id: z.optional(idSchema),
  text: inboxText,
  source: z._default(z.enum(INBOX_SOURCES, 'validation.invalid'), 'app'),
});

/** A partial update (REST PUT): only the text can change. */
export const inboxPatchSchema = z.object({ text: z.optional(inboxText) });

/**
 * `POST /api/inbox/{id}/convert`: `to` names the target; `fields` override the target's fields taken from the
 * text (checked by the target's own schema). `noteId` (only with `to: 'note'`) appends to that note instead.
 */
export const inboxConvertSchema = z
  .object({
    to: z.enum(INBOX_TARGETS, 'validation.invalid'),
    fields: z.optional(boundedRecord()),
    noteId: z.optional(idSchema),
  })
  .check(z.refine((b) => b.noteId === undefined || b.to === 'note', { message: 'validation.invalid', path: ['noteId'] }));

/** What is stored for an item (the row's data). */
export interface InboxData {
  text: string;
  source: InboxSource;
}

/** An item as the API answers it. */
export interface InboxItem extends InboxData {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}
