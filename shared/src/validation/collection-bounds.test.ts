import { describe, expect, it } from 'vitest';
import { collections, inputAt, issuePrefix, label, LIMIT_MS, refusal } from '../../test/schema-walk.js';

/** Issue 12, point 1: every array and record of every input schema refuses 100,000 items fast. */

describe('every array and record of every input schema has a bounded size', () => {
  /** 100,000 items: far beyond any limit, and ~1 MB as JSON like the largest body the server reads. */
  const manyItems = Array.from({ length: 100_000 }, () => 'x');
  const manyKeys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));

  it('finds them', () => {
    const names = collections.map((c) => `${c.name} ${label(c.path)}`);
    expect(names).toEqual(expect.arrayContaining(['mutation task.create tags', 'sync/protocol:pushRequestSchema mutations', 'events/schema:eventCreateSchema details']));
  });

  it.each(collections.map((c) => [`${c.name} ${label(c.path)}`, c] as const))('%s', (_, { schema, path }) => {
    const prefix = issuePrefix(path);
    for (const huge of [manyItems, manyKeys]) {
      const { result, ms } = refusal(schema, inputAt(path, huge));
      expect(result.success).toBe(false);
      const paths = result.success ? [] : result.error.issues.map((i) => i.path.map(String).slice(0, prefix.length));
      expect(paths).toContainEqual(prefix);
      expect(ms).toBeLessThan(LIMIT_MS);
    }
  });
});
