import { existsSync, readdirSync } from 'node:fs';
import { z } from 'zod/mini';
import { mutators } from '../src/sync/registry.js';

/**
 * The input schemas of the API, found rather than listed, and walks over them for the linear-time tests of
 * shared/src/validation (issue 12, point 1): every zod schema (or map of field schemas) exported by
 * `shared/src/<domain>/schema.ts`, `sync/protocol.ts` and `validation/fields.ts`, and the args of every mutator
 * in the registry; a walk of each schema reaches every string field, nested ones included, every array and
 * record, and every transform in front of a field (query parameters read as numbers).
 */

const MiB = 1024 * 1024;
export const LIMIT_MS = 50;

/** 1 MiB strings shaped after the inputs that made the old patterns backtrack, and plain ones. */
export const HUGE: Record<string, string> = {
  letters: 'a'.repeat(MiB),
  dotsEmail: 'a@' + '.'.repeat(MiB - 3) + '@',
  spacedTime: '1:00' + ' '.repeat(MiB - 5) + 'x',
  blanks: ' '.repeat(MiB),
  digits: '1'.repeat(MiB),
};

type Step = { key: string } | { item: true } | { recordKey: true };
export type AnySchema = z.ZodMiniType & { _zod: { def: Record<string, unknown> & { type: string }; traits: Set<string> } };

const isSchema = (v: unknown): v is AnySchema => {
  const zod = (v as { _zod?: { traits?: Set<string> } } | null)?._zod;
  return !!zod?.traits?.has('$ZodType') && !zod.traits.has('$ZodCheck');
};

/** `v` as a schema to walk; throws if it is not one. */
const asSchema = (v: unknown, name: string): AnySchema => {
  if (!isSchema(v)) throw new Error(`${name} is not a zod schema`);
  return v;
};

/** What a path leads to: a string-accepting field, an array or record, or a transform that reads the raw input. */
type FieldKind = 'string' | 'collection' | 'transform';

/**
 * Every path from the schema's input to a field of `kind`: a string-accepting field (strings, string enums and
 * literals, record keys), an array or record, or a transform in front of a field (query and path parameters
 * read as numbers or nulls), which sees whatever string the request carries.
 */
function fieldPaths(schema: AnySchema, kind: FieldKind, path: Step[] = [], depth = 0): Step[][] {
  if (depth > 20) return [];
  const def = schema._zod.def;
  const inner = (s: unknown, p: Step[] = path) => (isSchema(s) ? fieldPaths(s, kind, p, depth + 1) : []);
  const own = (of: FieldKind) => (of === kind ? [path] : []);
  switch (def.type) {
    case 'string':
      return own('string');
    case 'enum':
      return Object.values(def.entries as object).some((v) => typeof v === 'string') ? own('string') : [];
    case 'literal':
      return (def.values as unknown[]).some((v) => typeof v === 'string') ? own('string') : [];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, s]) => inner(s, [...path, { key }]));
    case 'array':
      return [...own('collection'), ...inner(def.element, [...path, { item: true }])];
    case 'record':
      return [...own('collection'), ...(kind === 'string' ? [[...path, { recordKey: true } as Step]] : []), ...inner(def.valueType, [...path, { key: 'k' }])];
    case 'pipe': {
      // A transform in front says nothing about its input: what it hands on is described by the output side.
      // So does a gate that accepts anything (a size check in front of a record).
      const input = def.in as AnySchema;
      const type = input._zod.def.type;
      return ['transform', 'unknown', 'any'].includes(type) ? [...(type === 'transform' ? own('transform') : []), ...inner(def.out)] : inner(input);
    }
    case 'union':
      return (def.options as unknown[]).flatMap((s) => inner(s));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    default:
      return [];
  }
}

/** The input that puts `huge` at `path`. */
export function inputAt(path: Step[], huge: unknown): unknown {
  if (path.length === 0) return huge;
  const [step, ...rest] = path;
  if ('key' in step) return { [step.key]: inputAt(rest, huge) };
  if ('item' in step) return [inputAt(rest, huge)];
  return { [String(huge)]: 1 };
}

/** The issue path the refusal must carry: the field's own path (record keys are reported under the record). */
export function issuePrefix(path: Step[]): string[] {
  const out: string[] = [];
  for (const step of path) {
    if ('recordKey' in step) break;
    out.push('key' in step ? step.key : '0');
  }
  return out;
}

export const label = (path: Step[]) =>
  [...issuePrefix(path), ...(path.some((s) => 'recordKey' in s) ? ['<key>'] : [])].join('.') || '<root>';

/** Every exported schema of a module, and the field schemas of every exported map of them (`taskFields`). */
function exportedSchemas(moduleName: string, mod: Record<string, unknown>): [string, AnySchema][] {
  return Object.entries(mod).flatMap(([name, v]): [string, AnySchema][] => {
    if (isSchema(v)) return [[`${moduleName}:${name}`, v]];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const fields = Object.entries(v).filter(([, f]) => isSchema(f)) as [string, AnySchema][];
      return fields.map(([field, s]) => [`${moduleName}:${name}.${field}`, s]);
    }
    return [];
  });
}

const srcDir = new URL('../src/', import.meta.url);
export const domains = readdirSync(srcDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/schema.ts`, srcDir)))
  .map((d) => d.name);

const modules: [string, Record<string, unknown>][] = [
  ...(await Promise.all(domains.map(async (d) => [`${d}/schema`, await import(`../src/${d}/schema.ts`)] as [string, Record<string, unknown>]))),
  ['sync/protocol', await import('../src/sync/protocol.js')],
  ['validation/fields', await import('../src/validation/fields.js')],
];

export const schemas: [string, AnySchema][] = [
  ...modules.flatMap(([name, mod]) => exportedSchemas(name, mod)),
  ...Object.entries(mutators).map(([name, def]): [string, AnySchema] => [`mutation ${name}`, asSchema(def.args, `mutation ${name}`)]),
];

const pathsOf = (kind: FieldKind) => schemas.flatMap(([name, schema]) => fieldPaths(schema, kind).map((path) => ({ name, schema, path })));
export const cases = pathsOf('string');
export const collections = pathsOf('collection');
export const transforms = pathsOf('transform');

/**
 * How long `schema` takes to refuse `input`: the best of up to three attempts, so a GC pause or a busy machine
 * is not taken for a slow check (a check that is slow is slow every time).
 */
export function refusal(schema: AnySchema, input: unknown) {
  let best = Infinity;
  let result: ReturnType<typeof z.safeParse> | undefined;
  for (let attempt = 0; attempt < 3 && best >= LIMIT_MS; attempt++) {
    const started = performance.now();
    result = z.safeParse(schema, input);
    best = Math.min(best, performance.now() - started);
  }
  return { result: result!, ms: best };
}

/** Every string schema inside `schema` (any depth, any wrapper: every schema-valued part of each definition). */
export function stringSchemas(schema: AnySchema, found = new Set<AnySchema>(), seen = new Set<unknown>()): Set<AnySchema> {
  if (seen.has(schema)) return found;
  seen.add(schema);
  if (schema._zod.def.type === 'string') found.add(schema);
  const visit = (v: unknown): void => {
    if (isSchema(v)) stringSchemas(v, found, seen);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) Object.values(v).forEach(visit);
  };
  for (const [key, value] of Object.entries(schema._zod.def)) if (key !== 'checks') visit(value);
  return found;
}
