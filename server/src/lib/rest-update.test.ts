import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { applyChanges, baseVersionOf, planUpdate, type StoredEntity } from './rest-update.js';

const stored: StoredEntity<{ title: string; priority: string; tags: string[]; parent: string | null }> = {
  data: { title: 'old', priority: 'low', tags: ['a'], parent: null },
  deleted: false,
  version: 9,
  fieldVersions: { title: 3, priority: 8, tags: 3, parent: 3 },
};

describe('baseVersionOf', () => {
  it('reads the body first, then If-Match in its usual spellings; no base without either or with *', () => {
    expect(baseVersionOf({ version: 7 }, '"9"')).toBe(7);
    expect(baseVersionOf({}, '9')).toBe(9);
    expect(baseVersionOf({}, '"9"')).toBe(9);
    expect(baseVersionOf({}, 'W/"9"')).toBe(9);
    expect(baseVersionOf({ version: null }, undefined)).toBeNull();
    expect(baseVersionOf(undefined, undefined)).toBeNull();
    expect(baseVersionOf([], '*')).toBeNull();
  });

  it('refuses what is not a version with a 400 naming the field', () => {
    for (const [body, header, field] of [
      [{ version: -1 }, undefined, 'version'],
      [{ version: 1.5 }, undefined, 'version'],
      [{ version: '7' }, undefined, 'version'],
      [{}, '"a"', 'If-Match'],
      [{}, '"1", "2"', 'If-Match'],
      [{}, '9'.repeat(100_000), 'If-Match'],
    ] as const) {
      let error: unknown;
      try {
        baseVersionOf(body, header);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).details).toEqual([expect.objectContaining({ field })]);
    }
  });
});

describe('planUpdate', () => {
  it('without a base writes every field that differs', () => {
    expect(planUpdate({ title: 'new', priority: 'high', tags: ['a'] }, stored, null)).toEqual({ changed: { title: 'new', priority: 'high' }, kept: {} });
  });

  it('with a base keeps the fields changed after it and writes the others', () => {
    expect(planUpdate({ title: 'new', priority: 'medium', parent: 'p' }, stored, 5)).toEqual({
      changed: { title: 'new', parent: 'p' },
      kept: { priority: 'medium' },
    });
    expect(planUpdate({ priority: 'medium' }, stored, 8)).toEqual({ changed: { priority: 'medium' }, kept: {} });
  });

  it('ignores fields sent with their stored value and fields not sent', () => {
    expect(planUpdate({ title: undefined, priority: 'low', tags: ['a'] }, stored, 0)).toEqual({ changed: {}, kept: {} });
  });
});

describe('applyChanges', () => {
  it('sends the move field through <type>.move and the rest through one <type>.update', async () => {
    const calls: unknown[] = [];
    const exec = (name: string) => async (args: object) => void calls.push([name, args]);
    await applyChanges<{ parent: string | null; title: string }, 'parent'>({ parent: null, title: 'x' }, {
      update: (fields) => exec('task.update')({ id: 't', ...fields }),
      move: { field: 'parent', run: (parent) => exec('task.move')({ id: 't', parent }) },
    });
    await applyChanges({}, { update: (fields) => exec('tag.update')({ id: 'g', ...fields }) });
    await applyChanges<{ parentFolder: string | null }, 'parentFolder'>({ parentFolder: 'p' }, {
      update: (fields) => exec('folder.update')({ id: 'f', ...fields }),
      move: { field: 'parentFolder', run: (parentFolder) => exec('folder.move')({ id: 'f', parentFolder }) },
    });
    expect(calls).toEqual([
      ['task.move', { id: 't', parent: null }],
      ['task.update', { id: 't', title: 'x' }],
      ['folder.move', { id: 'f', parentFolder: 'p' }],
    ]);
  });
});
