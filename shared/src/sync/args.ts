import { z } from 'zod/mini';
import { idSchema } from '../validation/fields.js';

/**
 * The args every mutation of a row starts from, and the args schemas derived from a domain's REST schemas, so a
 * domain writes its fields once (in `<domain>/schema.ts`) and its mutators take them from there.
 */

/** The row a mutation changes: `{ id }`. */
export const withId = { id: idSchema };
/** Args that name only the row (delete, restore). */
export const idArgs = z.object(withId);

type Shape = z.core.$ZodShape;
type Inner<T> = T extends z.ZodMiniOptional<infer I> ? I : T;

/** A create schema's fields without the REST body's optional `_id`, plus the required `id`. */
export function createArgs<C extends Shape>(create: z.ZodMiniObject<C>) {
  const { _id: _ignored, ...fields } = create.shape;
  return z.object({ ...(fields as Omit<C, '_id'>), ...withId });
}

/** A patch schema's fields without `without` (a field that has its own mutation, e.g. the parent), plus `id`. */
export function patchArgs<P extends Shape, K extends keyof P & string = never>(patch: z.ZodMiniObject<P>, without?: K) {
  const fields: Record<string, unknown> = { ...patch.shape };
  if (without !== undefined) delete fields[without];
  return z.object({ ...(fields as Omit<P, K>), ...withId });
}

/** `{ id, [field] }` with the patch schema's field made required (a move: `{ id, parent }`). */
export function fieldArgs<P extends Shape, K extends keyof P & string>(patch: z.ZodMiniObject<P>, field: K) {
  const optional = patch.shape[field] as unknown as z.ZodMiniOptional;
  return z.object({ ...withId, [field]: optional.def.innerType } as typeof withId & { [F in K]: Inner<P[K]> });
}
