import { describe, expect, it } from 'vitest';
import { schemas, stringSchemas, type AnySchema } from '../../test/schema-walk.js';

/** Issue 12, point 1: no pattern or refinement of a string field runs before an aborting length gate. */

describe('every string field gates its length before any other check', () => {
  /** Checks that cost at most one pass over the value whatever comes before them. */
  const LENGTH_CHECKS = new Set(['max_length', 'min_length', 'length_equals', 'overwrite']);
  /** Each string schema, named after the first exported schema it was found in. */
  const strings = new Map<AnySchema, string>();
  for (const [name, schema] of schemas) for (const s of stringSchemas(schema)) if (!strings.has(s)) strings.set(s, name);

  it.each([...strings].map(([s, name], i) => [`${name} #${i}`, s] as const))('%s', (_, schema) => {
    const checks = (schema._zod.def.checks ?? []) as { _zod: { def: { check: string; abort?: boolean } } }[];
    const kinds = checks.map((c) => c._zod.def);
    const gate = kinds.findIndex((d) => (d.check === 'max_length' || d.check === 'length_equals') && d.abort === true);
    const firstOther = kinds.findIndex((d) => !LENGTH_CHECKS.has(d.check));
    // A pattern or refinement runs only behind an aborting length gate.
    const gated = firstOther === -1 || (gate !== -1 && gate < firstOther);
    expect(gated, kinds.map((d) => d.check + (d.abort ? ' (abort)' : '')).join(', ')).toBe(true);
  });

  it('covers the string schemas of every domain', () => {
    expect(strings.size).toBeGreaterThan(40);
  });
});
