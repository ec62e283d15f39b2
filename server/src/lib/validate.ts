import { z } from 'zod/mini';
import { toFieldErrors } from '@adhd/shared/validation/issues';
import { badRequest } from './errors.js';

/** Parse a request part with a shared schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown, what = 'body'): z.output<S> {
  const result = z.safeParse(schema, input ?? (what === 'body' ? undefined : {}));
  if (!result.success) {
    const details = toFieldErrors(result.error);
    const fields = [...new Set(details.map((d) => d.field).filter(Boolean))];
    throw badRequest(details, fields.length ? `Invalid ${what}: ${fields.join(', ')}` : `Invalid ${what}`);
  }
  return result.data;
}
