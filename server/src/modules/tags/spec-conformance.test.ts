import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

/** Tags and tag references against SPEC sections 5 and 7 and CONTRACT.md's error shape. */

const t = useServerTest();
const { call } = t;
const required = (field: string) => ({ field, key: 'validation.required', message: 'This field is required' });

describe('400 answers carry the field message as error.message', () => {
  it('POST and PUT /api/tags: a blank name, a bad colour', async () => {
    let res = await call('POST', '/api/tags', { name: ' ', color: 'pink' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Name is required' });
    res = await call('POST', '/api/tags', { name: 'Colour', color: 'pink' });
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Must be a valid hex color',
      details: [{ field: 'color', key: 'validation.hexColor', message: 'Must be a valid hex color' }],
    });
    const tag = (await call('POST', '/api/tags', { name: 'Work' })).json();
    res = await call('PUT', `/api/tags/${tag._id}`, { color: '#12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Must be a valid hex color');
  });
});

describe('tag references: missing fields are required, wrong ones invalid', () => {
  it('POST and DELETE /api/tag-references name each missing field as required', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, '/api/tag-references', { tagId: 'x' });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION', message: 'This field is required', details: [required('itemId'), required('itemType')] });
    }
    const empty = await call('POST', '/api/tag-references', { tagId: '', itemId: 'i', itemType: 'task' });
    expect(empty.json().error.details).toEqual([required('tagId')]);
    const wrong = await call('POST', '/api/tag-references', { tagId: 'bad id', itemId: 'i', itemType: 'inbox' });
    expect(wrong.json().error.details.map((d: { field: string; key: string }) => [d.field, d.key])).toEqual([
      ['tagId', 'validation.invalidId'],
      ['itemType', 'validation.invalid'],
    ]);
  });

  it('GET by-item and by-tag name their missing query parameters', async () => {
    const byItem = await call('GET', '/api/tag-references/by-item?itemId=x');
    expect(byItem.statusCode).toBe(400);
    expect(byItem.json().error.details).toEqual([required('itemType')]);
    const byTag = await call('GET', '/api/tag-references/by-tag');
    expect(byTag.statusCode).toBe(400);
    expect(byTag.json().error.details).toEqual([required('tagId')]);
  });
});

describe('POST /api/tag-references on a full item', () => {
  it('answers 400 naming the tags field with a message', async () => {
    const tag = (await call('POST', '/api/tags', { name: 'One more' })).json();
    const tags = Array.from({ length: 200 }, (_, i) => `t${i}`);
    const task = (await call('POST', '/api/tasks', { title: 'Full', tags })).json();
    const res = await call('POST', '/api/tag-references', { tagId: tag._id, itemId: task._id, itemType: 'task' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Too many tags',
      details: [{ field: 'tags', key: 'validation.tooMany', message: 'Too many items' }],
    });
  });
});
