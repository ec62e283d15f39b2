import { describe, expect, it, vi } from 'vitest';
import type { EventData } from '../events/schema.js';
import type { HabitData } from '../habits/schema.js';
import type { NoteData } from '../notes/schema.js';
import { MutationError, type MutatorDef } from '../sync/mutator.js';
import { MemoryTx } from '../sync/memory-tx.js';
import { preloadMutations, prepareMutation, readsOf, runMutation } from '../sync/registry.js';
import type { TaskData } from '../tasks/schema.js';
import type { InboxData } from './schema.js';
import { splitInboxText } from './text.js';

const setup = () => new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
const capture = (tx: MemoryTx, id: string, text: string, source?: 'app' | 'telegram' | 'share') =>
  runMutation(tx, 'inbox.create', { id, text, ...(source ? { source } : {}) });
const item = (tx: MemoryTx, id: string) => tx.get<InboxData>('inbox', id);
const rejection = async (p: Promise<unknown>): Promise<MutationError> => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MutationError);
  return error as MutationError;
};

describe('splitInboxText', () => {
  it('takes the first non-empty line as the title and the remaining lines as the rest', () => {
    expect(splitInboxText('\n  Buy milk  \n\n 2 litres\nskimmed \n')).toEqual({ title: 'Buy milk', rest: '2 litres\nskimmed' });
    expect(splitInboxText('One line')).toEqual({ title: 'One line', rest: '' });
    expect(splitInboxText('  \n ')).toEqual({ title: '', rest: '' });
  });

  it('cuts a long first line at a word and keeps the whole text in the rest', () => {
    const line = `${'word '.repeat(60)}end`;
    const { title, rest } = splitInboxText(`${line}\nsecond`);
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.endsWith('word…')).toBe(true);
    expect(rest).toBe(`${line}\nsecond`);
  });
});

describe('inbox.create, update, delete, restore', () => {
  it('stores the trimmed text with its source (app by default)', async () => {
    const tx = setup();
    await capture(tx, 'i1', '  idea  ');
    await capture(tx, 'tg42', 'from the bot', 'telegram');
    await capture(tx, 'i3', 'shared link', 'share');
    expect((await item(tx, 'i1'))?.data).toEqual({ text: 'idea', source: 'app' });
    expect((await item(tx, 'tg42'))?.data).toEqual({ text: 'from the bot', source: 'telegram' });
    expect((await item(tx, 'i3'))?.data.source).toBe('share');
  });

  it('refuses a taken id, a deleted one too (a Telegram update is stored once)', async () => {
    const tx = setup();
    await capture(tx, 'tg1', 'first');
    expect((await rejection(capture(tx, 'tg1', 'again'))).code).toBe('EXISTS');
    await runMutation(tx, 'inbox.delete', { id: 'tg1' });
    expect((await rejection(capture(tx, 'tg1', 'again'))).code).toBe('EXISTS');
  });

  it('refuses blank text, an unknown source and text over 10 000 characters, naming the field', async () => {
    const blank = await rejection(capture(setup(), 'i', '   '));
    expect(blank.details).toMatchObject([{ field: 'text', key: 'inbox.textRequired' }]);
    const api = await rejection(runMutation(setup(), 'inbox.create', { id: 'i', text: 'x', source: 'api' as 'app' }));
    expect(api.details).toMatchObject([{ field: 'source', key: 'validation.invalid' }]);
    const long = await rejection(capture(setup(), 'i', 'x'.repeat(10_001)));
    expect(long.details?.[0]?.field).toBe('text');
  });

  it('edits the text; a missing or deleted item is NOT_FOUND', async () => {
    const tx = setup();
    await capture(tx, 'i', 'old', 'telegram');
    await runMutation(tx, 'inbox.update', { id: 'i', text: 'new' });
    expect((await item(tx, 'i'))?.data).toEqual({ text: 'new', source: 'telegram' });
    await runMutation(tx, 'inbox.delete', { id: 'i' });
    expect((await rejection(runMutation(tx, 'inbox.update', { id: 'i', text: 'x' }))).message).toBe('Inbox item not found');
    expect((await rejection(runMutation(tx, 'inbox.delete', { id: 'i' }))).code).toBe('NOT_FOUND');
    expect((await rejection(runMutation(tx, 'inbox.update', { id: 'nope', text: 'x' }))).code).toBe('NOT_FOUND');
  });

  it('restore brings a deleted item back unchanged with its creation time; a live one stays as it is', async () => {
    const tx = setup();
    await capture(tx, 'i', 'keep me', 'share');
    tx.now = '2025-03-02T00:00:00.000Z';
    await runMutation(tx, 'inbox.delete', { id: 'i' });
    expect((await item(tx, 'i'))?.deleted).toBe(true);
    await runMutation(tx, 'inbox.restore', { id: 'i' });
    const row = await item(tx, 'i');
    expect(row).toMatchObject({ deleted: false, data: { text: 'keep me', source: 'share' }, createdAt: '2025-03-01T10:00:00.000Z' });
    await runMutation(tx, 'inbox.restore', { id: 'i' });
    expect((await item(tx, 'i'))?.data.text).toBe('keep me');
    expect((await rejection(runMutation(tx, 'inbox.restore', { id: 'never' }))).code).toBe('NOT_FOUND');
  });
});

describe('inbox.convert', () => {
  const text = 'Call the dentist\n\nAsk about Friday\nbring card';

  it('makes a task with the first line as title and the rest as description, and removes the item', async () => {
    const tx = setup();
    await capture(tx, 'i', text);
    await runMutation(tx, 'inbox.convert', { id: 'i', to: 'task', targetId: 't1', fields: { priority: 'high' } });
    expect((await tx.get<TaskData>('task', 't1'))?.data).toMatchObject({
      title: 'Call the dentist',
      description: 'Ask about Friday\nbring card',
      priority: 'high',
      completed: false,
      parent: null,
    });
    expect((await item(tx, 'i'))?.deleted).toBe(true);
  });

  it('makes an all-day event today by default, or a timed one from the fields', async () => {
    const tx = setup();
    await capture(tx, 'a', text);
    await capture(tx, 'b', 'Standup');
    await runMutation(tx, 'inbox.convert', { id: 'a', to: 'event', targetId: 'e1' });
    expect((await tx.get<EventData>('event', 'e1'))?.data).toMatchObject({
      title: 'Call the dentist',
      description: 'Ask about Friday\nbring card',
      startDate: '2025-03-01',
      allDay: true,
      source: 'local',
    });
    await runMutation(tx, 'inbox.convert', { id: 'b', to: 'event', targetId: 'e2', fields: { startDate: '2025-03-04', startTime: '09:30' } });
    expect((await tx.get<EventData>('event', 'e2'))?.data).toMatchObject({ title: 'Standup', startDate: '2025-03-04', startTime: '09:30', allDay: false });
    expect(tx.live('inbox')).toEqual([]);
  });

  it('makes a habit with its schema defaults', async () => {
    const tx = setup();
    await capture(tx, 'i', 'Stretch\nten minutes');
    await runMutation(tx, 'inbox.convert', { id: 'i', to: 'habit', targetId: 'h1' });
    expect((await tx.get<HabitData>('habit', 'h1'))?.data).toMatchObject({
      title: 'Stretch',
      description: 'ten minutes',
      frequency: 'daily',
      isActive: true,
      startDate: '2025-03-01',
    });
    expect((await item(tx, 'i'))?.deleted).toBe(true);
  });

  it('makes a note at the root; a one-line item is also its body', async () => {
    const tx = setup();
    await capture(tx, 'a', 'Book ideas\n- Dune\n- Solaris');
    await capture(tx, 'b', 'Just a line');
    await runMutation(tx, 'inbox.convert', { id: 'a', to: 'note', targetId: 'n1' });
    await runMutation(tx, 'inbox.convert', { id: 'b', to: 'note', targetId: 'n2' });
    expect((await tx.get<NoteData>('note', 'n1'))?.data).toMatchObject({ title: 'Book ideas', content: '- Dune\n- Solaris', folder: null });
    expect((await tx.get<NoteData>('note', 'n2'))?.data).toMatchObject({ title: 'Just a line', content: 'Just a line' });
  });

  it('a failed conversion leaves the item and writes nothing (bad event fields name the target fields)', async () => {
    const tx = setup();
    await capture(tx, 'i', text);
    const bad = await rejection(runMutation(tx, 'inbox.convert', { id: 'i', to: 'event', targetId: 'e', fields: { startDate: 'tomorrow' } }));
    expect(bad.code).toBe('VALIDATION');
    expect(bad.details?.map((d) => d.field)).toEqual(['startDate']);
    const rule = await rejection(runMutation(tx, 'inbox.convert', { id: 'i', to: 'event', targetId: 'e', fields: { allDay: false } }));
    expect(rule.details?.map((d) => d.field)).toEqual(['startTime']);
    expect(tx.live('event')).toEqual([]);
    expect((await item(tx, 'i'))?.deleted).toBe(false);
  });

  it('refuses a taken target id and a deleted item, leaving the item', async () => {
    const tx = setup();
    await runMutation(tx, 'task.create', { id: 't', title: 'Existing' });
    await capture(tx, 'i', 'New');
    expect((await rejection(runMutation(tx, 'inbox.convert', { id: 'i', to: 'task', targetId: 't' }))).code).toBe('EXISTS');
    expect((await item(tx, 'i'))?.deleted).toBe(false);
    expect((await tx.get<TaskData>('task', 't'))?.data.title).toBe('Existing');
    await runMutation(tx, 'inbox.delete', { id: 'i' });
    expect((await rejection(runMutation(tx, 'inbox.convert', { id: 'i', to: 'task', targetId: 't2' }))).code).toBe('NOT_FOUND');
    expect(await tx.get('task', 't2')).toBeUndefined();
  });

  it('an undo restores the item after a conversion', async () => {
    const tx = setup();
    await capture(tx, 'i', 'Back');
    await runMutation(tx, 'inbox.convert', { id: 'i', to: 'task', targetId: 't' });
    await runMutation(tx, 'task.delete', { id: 't' });
    await runMutation(tx, 'inbox.restore', { id: 'i' });
    expect((await item(tx, 'i'))?.data.text).toBe('Back');
  });

  it('declares the item, the target and the target’s own reads once its code is loaded', async () => {
    await preloadMutations(['inbox.convert']);
    const reads = readsOf(prepareMutation('inbox.convert', { id: 'i', to: 'task', targetId: 't', fields: { parent: 'p' } }));
    expect(reads).toEqual(expect.arrayContaining([['inbox', 'i'], ['task', 't'], ['task', 'p']]));
    const note = readsOf(prepareMutation('inbox.convert', { id: 'i', to: 'note', targetId: 'n', fields: { folder: 'f' } }));
    expect(note).toEqual(expect.arrayContaining([['inbox', 'i'], ['note', 'n'], ['folder', 'f']]));
    const bad = readsOf(prepareMutation('inbox.convert', { id: 'i', to: 'event', targetId: 'e', fields: { startDate: 'x' } }));
    expect(bad).toEqual([['inbox', 'i'], ['event', 'e']]);
  });
});

describe('inbox.append', () => {
  it('appends the text to the note after a blank line and removes the item', async () => {
    const tx = setup();
    await runMutation(tx, 'note.create', { id: 'n', title: 'Log', content: 'Day one\n' });
    await capture(tx, 'i', 'Day two');
    await runMutation(tx, 'inbox.append', { id: 'i', noteId: 'n' });
    expect((await tx.get<NoteData>('note', 'n'))?.data.content).toBe('Day one\n\nDay two');
    expect((await item(tx, 'i'))?.deleted).toBe(true);
  });

  it('a missing or deleted note, or a note grown too long, leaves the item and the note', async () => {
    const tx = setup();
    await runMutation(tx, 'note.create', { id: 'gone', title: 'Gone', content: 'x' });
    await runMutation(tx, 'note.delete', { id: 'gone' });
    await capture(tx, 'i', 'text');
    expect((await rejection(runMutation(tx, 'inbox.append', { id: 'i', noteId: 'gone' }))).message).toBe('Note not found');
    expect((await rejection(runMutation(tx, 'inbox.append', { id: 'i', noteId: 'none' }))).code).toBe('NOT_FOUND');
    await runMutation(tx, 'note.create', { id: 'big', title: 'Big', content: 'y'.repeat(499_999) });
    const long = await rejection(runMutation(tx, 'inbox.append', { id: 'i', noteId: 'big' }));
    expect(long.details?.[0]?.field).toBe('content');
    expect((await tx.get<NoteData>('note', 'big'))?.data.content.length).toBe(499_999);
    expect((await tx.get<NoteData>('note', 'gone'))?.deleted).toBe(true);
    expect((await item(tx, 'i'))?.deleted).toBe(false);
  });
});

describe('preload', () => {
  it('convert and append load their target mutators’ lazy code first (a client transaction cannot wait for it)', async () => {
    const { mutators } = await import('../sync/registry.js');
    const targets = [mutators['task.create'], mutators['note.update']] as MutatorDef[];
    const loads = targets.map((def) => (def.preload = vi.fn(async () => undefined)));
    try {
      for (const name of ['inbox.convert', 'inbox.append']) {
        for (const load of loads) load.mockClear();
        await preloadMutations([name]);
        for (const load of loads) expect(load).toHaveBeenCalledOnce();
      }
    } finally {
      for (const def of targets) delete def.preload;
    }
  });
});
