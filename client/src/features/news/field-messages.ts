import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FieldError } from '../../lib/api';

/** The editor's fields the server may name in a 400 or 409. */
export type NewsField = 'title' | 'content' | 'language' | 'displayPath' | 'customLayout';
export type NewsFieldErrors = Partial<Record<NewsField, MessageDescriptor>>;

/** A field error's message in the UI language, by the key the server sends (shared/src/validation/messages.ts). */
export function fieldMessage(key: string): MessageDescriptor {
  switch (key) {
    case 'validation.titleRequired':
      return msg({ id: 'validation.titleRequired', message: 'Title is required' });
    case 'validation.contentRequired':
      return msg({ id: 'validation.contentRequired', message: 'Content is required' });
    case 'news.displayPathInvalid':
      return msg`Use only lowercase letters a-z, digits and dashes`;
    case 'news.displayPathTaken':
      return msg`Another news item in this language already uses this path`;
    case 'validation.maxLength':
      return msg`This is too long`;
    case 'validation.invalidLocale':
      return msg`Only the languages en and ru are supported`;
    default:
      return msg`This value is not valid`;
  }
}

const FIELDS: readonly NewsField[] = ['title', 'content', 'language', 'displayPath', 'customLayout'];

/** The server's field details as messages by field (the first one of each field). */
export function fieldErrors(details: readonly FieldError[]): NewsFieldErrors {
  const out: NewsFieldErrors = {};
  for (const d of details) {
    const field = FIELDS.find((f) => f === d.field);
    if (field && !out[field]) out[field] = fieldMessage(d.key);
  }
  return out;
}
