import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { noteCreateSchema, notePatchSchema } from './schema.js';

describe('noteCreateSchema', () => {
  it('applies the SPEC section 3 defaults when a field is absent or null', () => {
    const base = { title: 'T', content: 'C' };
    const expected = { isMarkdown: true, color: '#FFEB3B', pinned: false, folder: null, tags: [] };
    expect(z.parse(noteCreateSchema, base)).toMatchObject(expected);
    expect(z.parse(noteCreateSchema, { ...base, isMarkdown: null, color: null, pinned: null, folder: null, tags: null })).toMatchObject(expected);
  });

  it('keeps explicit values and still refuses wrong types', () => {
    expect(z.parse(noteCreateSchema, { title: 'T', content: 'C', isMarkdown: false, color: '#123', pinned: true })).toMatchObject({
      isMarkdown: false,
      color: '#123',
      pinned: true,
    });
    expect(z.safeParse(noteCreateSchema, { title: 'T', content: 'C', pinned: 'yes' }).success).toBe(false);
    expect(z.safeParse(noteCreateSchema, { title: 'T', content: 'C', color: 'red' }).success).toBe(false);
  });

  it('removes empty and null tag entries', () => {
    expect(z.parse(noteCreateSchema, { title: 'T', content: 'C', tags: ['a', '', null, { _id: 'b' }] }).tags).toEqual(['a', 'b']);
  });
});

describe('notePatchSchema', () => {
  it('takes tags: null as no tags and leaves absent fields out', () => {
    expect(z.parse(notePatchSchema, { tags: null })).toEqual({ tags: [] });
    expect(z.parse(notePatchSchema, { pinned: true })).toEqual({ pinned: true });
  });
});
