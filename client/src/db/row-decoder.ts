import type { z } from 'zod/mini';
import type { LocalRow } from './database';

/**
 * Stored rows as the screens see them, decoded by the entity's shared zod schema: a field the row lacks gets
 * the schema's default (the one definition of each entity's defaults), and a row the schema refuses is left
 * out (the decoder answers null; a screen never throws on a stored row).
 *
 * Cost: a full `safeParse` of 10k tasks takes 20 ms warm and ~60 ms cold, on top of the 449 ms cold start it
 * would slow (bench 10). So each decoder is compiled once from the schema into a type guard with the defaults:
 * a row whose fields have the types the schema gives them (strings, enum members, arrays of them, null where
 * allowed…) is taken as it is, with the defaults filled in (~2 ms for 10k tasks); any other row goes through
 * the schema's own `safeParse`, which converts it (`''` dates to null…) or refuses it. Stored rows were
 * written by the same schemas, so the length and pattern checks that only writes need are not run again.
 */

type AnySchema = z.ZodMiniType;
type Guard = (value: unknown) => boolean;

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  innerType?: AnySchema;
  defaultValue?: unknown;
  in?: AnySchema;
  out?: AnySchema;
  element?: AnySchema;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const never: Guard = () => false;
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A guard that accepts the values `schema` outputs, as far as their types go; `never` for what it cannot tell. */
export function guardOf(schema: AnySchema): Guard {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'unknown':
    case 'any':
      return () => true;
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case 'literal': {
      const values = new Set(def.values ?? []);
      return (v) => values.has(v);
    }
    case 'nullable': {
      const inner = guardOf(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = guardOf(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    // A caught value (`z.catch`): the fast path takes what the inner schema accepts, `safeParse` replaces the rest.
    case 'default':
    case 'catch':
      return guardOf(def.innerType!);
    case 'pipe':
      // A stored value is the pipe's output already (a transform ran when it was written).
      return guardOf(def.out!);
    case 'array': {
      const element = guardOf(def.element!);
      return (v) => Array.isArray(v) && v.every(element);
    }
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => [key, guardOf(field)] as const);
      return (v) => isPlainObject(v) && fields.every(([key, guard]) => guard(v[key]));
    }
    default:
      return never;
  }
}

/** The row fields every decoded row carries: its id (under `K`) and timestamps. */
export type RowKeys<K extends string> = { [P in K]: string } & { createdAt: string; updatedAt: string };
export type Decoded<S extends AnySchema, K extends string = 'id'> = z.output<S> & RowKeys<K>;

export interface DecoderOptions<S extends AnySchema, K extends string> {
  /** The key the row id is given under (`id`; `_id` for the screens that use the REST name). */
  idKey?: K;
  /** Values a row lacks that come from the row rather than the schema (a habit's start date is its creation day). */
  fill?: (row: LocalRow) => Partial<z.input<S>>;
}

/** The decoder of one entity's rows: `(row) => item | null`, compiled once from `schema` (an object schema). */
export function rowDecoder<S extends AnySchema, K extends string = 'id'>(
  schema: S,
  options: DecoderOptions<S, K> = {},
): (row: LocalRow) => Decoded<S, K> | null {
  const shape = defOf(schema).shape;
  if (!shape) throw new Error('rowDecoder: an object schema is needed');
  // Parallel arrays and one plain loop: the cold start runs this 10k times before anything is optimised.
  const entries = Object.entries(shape);
  const keys = entries.map(([key]) => key);
  const guards = entries.map(([, field]) => guardOf(field));
  const defaults = entries.map(([, field]) => defaultMaker(defOf(field)));
  const n = keys.length;
  const idKey = options.idKey ?? 'id';
  const fill = options.fill;

  const fast = (row: LocalRow, data: Record<string, unknown>): Record<string, unknown> | null => {
    const out: Record<string, unknown> = {};
    let extra: Record<string, unknown> | undefined;
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      let value = data[key];
      if (value === undefined && fill) value = (extra ??= fill(row) as Record<string, unknown>)[key];
      if (value === undefined) {
        const make = defaults[i];
        if (make) value = make();
        else if (guards[i]!(undefined)) continue;
        else return null;
      } else if (!guards[i]!(value)) return null;
      out[key] = value;
    }
    return out;
  };

  return (row) => {
    const data = isPlainObject(row.data) ? row.data : {};
    let out = fast(row, data);
    if (!out) {
      const extra = fill?.(row) as Record<string, unknown> | undefined;
      const parsed = schema.safeParse(extra ? { ...extra, ...stripUndefined(data) } : data);
      if (!parsed.success) return null;
      out = parsed.data as Record<string, unknown>;
    }
    out[idKey] = row.id;
    out.createdAt = row.createdAt;
    out.updatedAt = row.updatedAt;
    return out as Decoded<S, K>;
  };
}

/** A field's default as a function making it (a fresh `[]` or `{}` each time), or null without one. */
function defaultMaker(def: Def): (() => unknown) | null {
  if (def.type !== 'default') return null;
  const value = def.defaultValue;
  if (Array.isArray(value)) return () => [...value];
  if (isPlainObject(value)) return () => ({ ...value });
  return () => value;
}

function stripUndefined(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) out[k] = v;
  return out;
}
