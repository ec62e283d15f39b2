import { z } from 'zod/mini';
import { toFieldErrors } from '@adhd/shared/validation/issues';
import { idSchema } from '@adhd/shared/validation/fields';
import { badRequest, notFound } from './errors.js';

/**
 * Parse a request part with a shared schema. A failure is a 400 whose `details` name each bad field and whose
 * `message` is the first bad field's message in schema order (SPEC section 5, e.g. "Title is required").
 */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown, what = 'body'): z.output<S> {
  // A missing body reads as {}: the answer then names the first required field ("Title is required").
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) {
    const details = toFieldErrors(result.error);
    const first = details.find((d) => d.field && d.message);
    throw badRequest(details, first?.message ?? `Invalid ${what}`);
  }
  return result.data;
}

const idParams = z.object({ id: idSchema });

/** The `:id` of a route. An id that cannot exist is simply not found (404), like another user's id. */
export function parseIdParam(params: unknown, notFoundMessage: string): string {
  const parsed = z.safeParse(idParams, params);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data.id;
}
