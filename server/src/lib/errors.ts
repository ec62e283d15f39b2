import type { FieldError } from '@adhd/shared/validation/issues';

/** An error with an HTTP status and the CONTRACT.md error body `{ error: { code, message, details? } }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[] | Record<string, unknown>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (details: FieldError[], message = 'Invalid input') =>
  new HttpError(400, 'VALIDATION', message, details);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
export const unauthorized = (message = 'Unauthorized access') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Access forbidden') => new HttpError(403, 'FORBIDDEN', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please try again later') =>
  new HttpError(429, 'RATE_LIMITED', message, undefined, { retryAfter: retryAfterSeconds });
