import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

/** Tasks API against SPEC sections 5 and 7 and CONTRACT.md's error shape. */

const t = useServerTest();
const { call } = t;

describe('400 answers carry the SPEC section 5 message as error.message', () => {
  it.each([[{}], [{ title: '' }], [{ title: '   ' }]])('POST /api/tasks %j → Title is required', async (body) => {
    const res = await call('POST', '/api/tasks', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION', message: 'Title is required', details: [{ field: 'title', key: 'tasks.titleRequired', message: 'Title is required' }] },
    });
  });

  it('the title is reported first when several fields are bad; details name each', async () => {
    const res = await call('POST', '/api/tasks', { title: ' ', priority: 'urgent', time: 'noon' });
    expect(res.json().error.message).toBe('Title is required');
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['title', 'time', 'priority']);
  });

  it('PUT with a blank title answers Title is required', async () => {
    const task = (await call('POST', '/api/tasks', { title: 'T' })).json();
    const res = await call('PUT', `/api/tasks/${task._id}`, { title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Title is required');
  });

  it('a move under itself names the parent field with a message in details', async () => {
    const task = (await call('POST', '/api/tasks', { title: 'T' })).json();
    const res = await call('PUT', `/api/tasks/${task._id}`, { parent: { _id: task._id } });
    expect(res.statusCode).toBe(400);
    const message = 'A task cannot be moved under itself or one of its subtasks';
    expect(res.json()).toEqual({ error: { code: 'CYCLE', message, details: [{ field: 'parent', key: 'validation.invalid', message }] } });
  });
});
