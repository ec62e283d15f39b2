import type { z } from 'zod/mini';
import { messageFor } from './messages.js';

export interface FieldError {
  /** Dotted path of the bad field (`title`, `customFrequency.days`); empty for the whole body. */
  field: string;
  /** Translation key (SPEC section 5). */
  key: string;
  /** English text of the key. */
  message: string;
}

function paramsOf(issue: z.core.$ZodIssue): Record<string, unknown> {
  const i = issue as { minimum?: unknown; maximum?: unknown; exact?: boolean };
  return {
    min: i.minimum,
    max: i.maximum,
    length: i.exact ? (i.minimum ?? i.maximum) : undefined,
  };
}

/** Zod issues as field errors. Issues whose message is not a key get a generic one. */
export function toFieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const key = /^[a-z]+\.[a-zA-Z]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    return {
      field: issue.path.map(String).join('.'),
      key,
      message: messageFor(key, paramsOf(issue)),
    };
  });
}
