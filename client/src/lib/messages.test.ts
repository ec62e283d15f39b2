import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { genericMessages, messageForError } from './messages';

describe('messageForError (SPEC section 8, generic messages)', () => {
  it.each([
    [new ApiError(0, 'NETWORK', 'x'), genericMessages.network],
    [new TypeError('Failed to fetch'), genericMessages.network],
    [new ApiError(401, 'UNAUTHORIZED', 'x'), genericMessages.unauthorized],
    [new ApiError(403, 'FORBIDDEN', 'x'), genericMessages.forbidden],
    [new ApiError(404, 'NOT_FOUND', 'x'), genericMessages.notFound],
    [new ApiError(500, 'INTERNAL', 'x'), genericMessages.server],
    [new ApiError(503, 'STORE_BUSY', 'x'), genericMessages.server],
    [new ApiError(400, 'VALIDATION', 'x'), genericMessages.unknown],
    [new ApiError(429, 'RATE_LIMITED', 'x'), genericMessages.unknown],
    [new Error('boom'), genericMessages.unknown],
    ['a string', genericMessages.unknown],
  ])('%s → its message', (err, expected) => {
    expect(messageForError(err)).toBe(expected);
  });

  it('words the spec exactly (en source texts)', () => {
    expect(Object.fromEntries(Object.entries(genericMessages).map(([k, m]) => [k, m.message]))).toEqual({
      unknown: 'An unknown error occurred',
      network: 'Network error. Please check your connection',
      notFound: 'Not found',
      unauthorized: 'Unauthorized access',
      forbidden: 'Access forbidden',
      server: 'Server error. Please try again later',
      slow: 'This is taking longer than expected...',
    });
  });
});
