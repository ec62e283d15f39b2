import { describe, expect, it } from 'vitest';
import { habitDayId } from '../habits/schema.js';
import { checkExport, checkExportText, parentsFirst, pathText } from './check.js';
import { exportJsonChunks, type ExportRow } from './format.js';

const at = '2025-01-01T00:00:00.000Z';
const stamps = { createdAt: at, updatedAt: at };
const task = (id: string, parent: string | null) => ({ _id: id, title: id, parent, ...stamps });
const doc = (data: Record<string, unknown[]>) => ({ format: 'adhd-superapp-export', version: 1, exportedAt: at, data });

describe('checkExport', () => {
  it('fills the spec defaults and accepts a self-contained file', () => {
    const result = checkExport(doc({ tasks: [task('a', null), task('b', 'a')] }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.data.tasks[1]).toMatchObject({ _id: 'b', parent: 'a', completed: false, priority: 'medium', tags: [] });
  });

  it.each([
    ['not an object', [], 'format', 'backup.notExport'],
    ['a newer version', { ...doc({}), version: 3 }, 'version', 'backup.newerVersion'],
    ['no version', { ...doc({}), version: undefined }, 'version', 'validation.invalid'],
    ['a bad field', doc({ tasks: [task('a', null), { ...task('b', null), priority: 'urgent' }] }), 'data.tasks[1].priority', 'validation.invalid'],
    ['a parent outside the file', doc({ tasks: [task('a', 'zzz')] }), 'data.tasks[0].parent', 'backup.missingReference'],
    ['a cycle', doc({ tasks: [task('a', 'b'), task('b', 'a')] }), 'data.tasks[0].parent', 'backup.cycle'],
    ['a task under itself', doc({ tasks: [task('a', 'a')] }), 'data.tasks[0].parent', 'backup.cycle'],
    ['two tags of one name', doc({ tags: [{ _id: 't1', name: 'Work', ...stamps }, { _id: 't2', name: ' work ', ...stamps }] }), 'data.tags[1].name', 'backup.duplicateName'],
    ['a day id of another date', doc({ habits: [{ _id: 'h', title: 'H', startDate: '2025-01-01', ...stamps }], habitDays: [{ _id: habitDayId('h', '2025-01-02'), habit: 'h', date: '2025-01-03', status: 'complete', ...stamps }] }), 'data.habitDays[0]._id', 'backup.dayId'],
  ])('names %s', (_, input, path, key) => {
    const result = checkExport(input);
    expect(result.ok ? null : { path: result.problem.path, key: result.problem.key }).toEqual({ path, key });
  });

  it('says when the text is not JSON', () => {
    const result = checkExportText('{"format":');
    expect(result.ok ? null : result.problem.key).toBe('backup.notJson');
  });
});

describe('helpers', () => {
  it('writes zod paths with indexes in brackets', () => {
    expect(pathText(['data', 'tasks', 3, 'tags', 0])).toBe('data.tasks[3].tags[0]');
  });

  it('orders a tree parents first', () => {
    const rows = [task('c', 'b'), task('a', null), task('b', 'a'), task('d', null)];
    expect(parentsFirst(rows, 'parent').map((r) => r._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes the document in pieces that parse back to the rows, sections in order', async () => {
    const rows: ExportRow[] = [{ id: 'x', data: { title: 'X' }, createdAt: at, updatedAt: at }];
    let text = '';
    for await (const piece of exportJsonChunks(at, (type) => (type === 'task' ? rows : []))) text += piece;
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed.data)).toEqual(['tags', 'folders', 'tasks', 'notes', 'habits', 'habitDays']);
    expect(parsed.data.tasks).toEqual([{ _id: 'x', title: 'X', ...stamps }]);
  });
});
