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
type LooseShape = z.core.$ZodLooseShape;
type Inner<T> = T extends z.ZodMiniOptional<infer I> ? I : T;

/**
 * A create schema's fields without the REST body's optional `_id`, plus `extra`: what a stored row holds (the
 * client decodes rows by it, db/entity-rows.ts). Built with `z.object` alone (z.omit and z.extend would join
 * the client's first-paint JS).
 */
export function withoutId<C extends LooseShape, E extends LooseShape = Record<never, never>>(create: { shape: C }, extra?: E) {
  const { _id: _ignored, ...fields } = create.shape;
  return z.object({ ...fields, ...extra } as Omit<C, '_id'> & E);
}

/** A create schema's fields without the REST body's optional `_id`, plus the required `id`. */
export const createArgs = <C extends Shape>(create: z.ZodMiniObject<C>) => withoutId(create, withId);

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
