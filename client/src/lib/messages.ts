import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ApiError } from './api';

/** The generic messages of SPEC section 8, shown wherever a call fails without a message of its own. */
export const genericMessages = {
  unknown: msg`An unknown error occurred`,
  network: msg`Network error. Please check your connection`,
  notFound: msg`Not found`,
  unauthorized: msg`Unauthorized access`,
  forbidden: msg`Access forbidden`,
  server: msg`Server error. Please try again later`,
  slow: msg`This is taking longer than expected...`,
} satisfies Record<string, MessageDescriptor>;

/**
 * The generic message for a failed call: no network → network, 401 → unauthorized, 403 → forbidden,
 * 404 → not found, 5xx → server, anything else (a bug, a 4xx without its own text) → unknown.
 */
export function messageForError(err: unknown): MessageDescriptor {
  if (err instanceof ApiError) {
    if (err.isNetwork) return genericMessages.network;
    if (err.status === 401) return genericMessages.unauthorized;
    if (err.status === 403) return genericMessages.forbidden;
    if (err.status === 404) return genericMessages.notFound;
    if (err.status >= 500) return genericMessages.server;
    return genericMessages.unknown;
  }
  // fetch's own failure (offline before lib/api.ts wrapped it, an XHR error).
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return genericMessages.network;
  return genericMessages.unknown;
}
