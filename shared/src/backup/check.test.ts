import { describe, expect, it } from 'vitest';
import { habitDayId } from '../habits/schema.js';
import { checkExport, checkExportText, parentsFirst, pathText } from './check.js';
import { exportJsonChunks, type ExportRow } from './format.js';

const at = '2025-01-01T00:00:00.000Z';
const stamps = { createdAt: at, updatedAt: at };
const task = (id: string, parent: string | null) => ({ _id: id, title: id, parent, ...stamps });
const event = (id: string, fields: Record<string, unknown> = {}) => ({ _id: id, title: id, startDate: '2025-05-05', startTime: '09:00', ...fields, ...stamps });
const doc = (data: Record<string, unknown[]>) => ({ format: 'adhd-superapp-export', version: 1, exportedAt: at, data });

describe('checkExport', () => {
  it('fills the spec defaults and accepts a self-contained file', () => {
    const result = checkExport(doc({ tasks: [task('a', null), task('b', 'a')] }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.data.tasks[1]).toMatchObject({ _id: 'b', parent: 'a', completed: false, priority: 'medium', tags: [] });
  });

  it('fills the defaults of events (a file without server fields holds local events) and inbox items; a file without them has none', () => {
    const result = checkExport(doc({ events: [event('e', { allDay: true, startTime: null })], inbox: [{ _id: 'i', text: ' Buy milk ', ...stamps }] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.data.events[0]).toMatchObject({ allDay: true, recurrence: null, exdates: [], tags: [], reminders: [], source: 'local', uid: null, readonly: false });
    expect(result.doc.data.inbox[0]).toMatchObject({ text: 'Buy milk', source: 'app' });
    const older = checkExport(doc({ tasks: [task('a', null)] }));
    expect(older.ok && [older.doc.data.events, older.doc.data.inbox]).toEqual([[], []]);
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
    ['a timed event without a start time', doc({ events: [event('e', { startTime: null })] }), 'data.events[0].startTime', 'events.startTimeRequired'],
    ['an event ending before it starts', doc({ events: [event('e', { endDate: '2025-05-04' })] }), 'data.events[0].endDate', 'events.endBeforeStart'],
    ['a bad RRULE', doc({ events: [event('e', { recurrence: 'FREQ=SOMETIMES' })] }), 'data.events[0].recurrence', 'events.invalidRecurrence'],
    ['an override of a series outside the file', doc({ events: [event('o', { seriesId: 'gone', originalStart: '2025-05-12T09:00' })] }), 'data.events[0].seriesId', 'backup.missingReference'],
    ['an override without its occurrence', doc({ events: [event('s', { recurrence: 'FREQ=WEEKLY' }), event('o', { seriesId: 's' })] }), 'data.events[1].originalStart', 'validation.required'],
    ['an unknown event source', doc({ events: [event('e', { source: 'outlook' })] }), 'data.events[0].source', 'validation.invalid'],
    ['an empty inbox item', doc({ inbox: [{ _id: 'i', text: '  ', ...stamps }] }), 'data.inbox[0].text', 'inbox.textRequired'],
    ['a duplicate event id', doc({ events: [event('e'), event('e')] }), 'data.events[1]._id', 'backup.duplicateId'],
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
    expect(Object.keys(parsed.data)).toEqual(['tags', 'folders', 'tasks', 'notes', 'habits', 'habitDays', 'events', 'inbox']);
    expect(parsed.data.tasks).toEqual([{ _id: 'x', title: 'X', ...stamps }]);
  });
});
