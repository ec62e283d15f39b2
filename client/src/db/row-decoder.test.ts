import { taskCreateSchema } from '@adhd/shared/tasks/schema';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import type { LocalRow } from './database';
import { decodeRow, HABITS_CATEGORY_COLOR } from './entity-rows';
import { rowDecoder } from './row-decoder';

const row = (id: string, data: Record<string, unknown>, deleted: 0 | 1 = 0): LocalRow => ({
  id,
  data,
  deleted,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  version: 1,
  parentId: null,
});

const taskRow = z.omit(taskCreateSchema, { _id: true });

describe('rows decoded by the shared schemas', () => {
  it("gives a row's missing fields the create schema's defaults, with the id and timestamps", () => {
    expect(decodeRow('task', row('t', { title: 'Bare' }))).toEqual({
      id: 't',
      title: 'Bare',
      description: '',
      completed: false,
      dueDate: null,
      startDate: null,
      time: null,
      priority: 'medium',
      tags: [],
      parent: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-02T10:00:00.000Z',
    });
    expect(decodeRow('note', row('n', { title: 'N', content: 'x' }))).toMatchObject({ _id: 'n', isMarkdown: true, color: '#FFEB3B', pinned: false, folder: null, tags: [], conflictOf: null });
    expect(decodeRow('folder', row('f', { name: 'F' }))).toMatchObject({ _id: 'f', icon: null, color: null, parentFolder: null, tags: [] });
    expect(decodeRow('tag', row('g', { name: 'G' }))).toMatchObject({ id: 'g', color: '#FFD6E7', description: '' });
    expect(decodeRow('habit', row('h', { title: 'H' }))).toMatchObject({ color: HABITS_CATEGORY_COLOR, startDate: '2025-03-01', frequency: 'daily' });
    expect(decodeRow('event', row('e', { title: 'E', startDate: '2025-03-05' }))).toEqual(expect.objectContaining({ id: 'e', tags: [] }));
    expect(decodeRow('habitDay', { ...row('d', { date: '2025-03-01', status: 'skip' }), parentId: 'h' })).toMatchObject({ habit: 'h', date: '2025-03-01', status: 'skip' });
  });

  it('never shares a default between rows', () => {
    const a = decodeRow('task', row('a', { title: 'A' }))!;
    const b = decodeRow('task', row('b', { title: 'B' }))!;
    expect(a.tags).not.toBe(b.tags);
  });

  it('leaves out a row the schema refuses instead of throwing', () => {
    expect(decodeRow('task', row('t', { title: 'x', priority: 'urgent' }))).toBeNull();
    expect(decodeRow('task', row('t', { description: 'no title' }))).toBeNull();
    expect(decodeRow('habitDay', row('d', { date: '2025-03-01', status: 'empty', habit: 'h' }))).toBeNull();
    expect(decodeRow('note', row('n', { title: 'N', content: 'x', tags: 'a' }))).toBeNull();
  });

  it("converts a value of another type through the schema's transforms (null is a note's default)", () => {
    expect(decodeRow('note', row('n', { title: 'N', content: 'x', isMarkdown: null, pinned: null }))).toMatchObject({ isMarkdown: true, pinned: false });
    expect(decodeRow('task', row('t', { title: 'x', parent: { _id: 'p' } }))).toMatchObject({ parent: 'p' });
  });

  it('takes stored rows of the right types without running the schema (the cold start decodes 10k tasks)', () => {
    const schema = z.object({ title: z.string(), done: z._default(z.boolean(), false), tags: z._default(z.array(z.string()), []) });
    const parse = vi.spyOn(schema, 'safeParse');
    const decode = rowDecoder(schema);
    expect(decode(row('a', { title: 'A', tags: ['x'] }))).toMatchObject({ title: 'A', done: false, tags: ['x'] });
    expect(parse).not.toHaveBeenCalled();
    expect(decode(row('b', { title: 1 }))).toBeNull();
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('decodes like the schema itself for any row the schema accepts', () => {
    const date = fc.oneof(fc.constant(null), fc.constantFrom('2025-03-05', '2024-12-31'));
    const data = fc.record(
      {
        title: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s.length > 0),
        description: fc.string({ maxLength: 20 }),
        completed: fc.boolean(),
        dueDate: date,
        startDate: date,
        priority: fc.constantFrom('low', 'medium', 'high'),
        tags: fc.array(fc.constantFrom('t1', 't2', 't3'), { maxLength: 3 }),
        parent: fc.oneof(fc.constant(null), fc.constant('p1')),
      },
      { requiredKeys: ['title'] },
    );
    fc.assert(
      fc.property(data, (d) => {
        const parsed = taskRow.safeParse(d);
        const decoded = decodeRow('task', row('t', d));
        if (!parsed.success) return decoded === null;
        expect(decoded).toEqual({ ...parsed.data, id: 't', createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-02T10:00:00.000Z' });
        return true;
      }),
    );
  });
});
