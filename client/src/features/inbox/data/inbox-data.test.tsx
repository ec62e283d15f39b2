import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { eachTestDb, localToday, seed } from '../../../test/kit';
import { useInboxActions, type InboxActions } from './mutations';
import { toInboxItem, useInboxCount, useInboxItems } from './queries';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));
afterEach(() => {
  vi.useRealTimers();
});

const outboxNames = async () => (await db._outbox.toArray()).map((e) => e.name);
const row = (table: 'inbox' | 'tasks' | 'events' | 'habits' | 'notes', id: string) => db.table(table).get(id);

/** The actions, the items and the count as a screen sees them, in one rendered hook. */
function renderInbox() {
  return renderHook(() => ({ actions: useInboxActions(), items: useInboxItems(), count: useInboxCount() }));
}

/** Captures at distinct, increasing times (only `Date` is faked: Dexie's own timers keep running). */
async function captureAt(actions: InboxActions, time: string, text: string, source?: 'app' | 'telegram' | 'share') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(time));
  try {
    return await actions.capture(text, source);
  } finally {
    vi.useRealTimers();
  }
}

describe('inbox data', () => {
  it('capture writes at once and the item shows newest first, with its count', async () => {
    const { result } = renderInbox();
    await waitFor(() => expect(result.current.items).toEqual([]));
    expect(result.current.count).toBe(0);
    let first = '';
    let second = '';
    await act(async () => {
      first = await captureAt(result.current.actions, '2025-03-01T10:00:00.000Z', '  first thought ');
      second = await captureAt(result.current.actions, '2025-03-01T10:00:05.000Z', 'second thought', 'share');
    });
    expect((await row('inbox', first))?.data).toEqual({ text: 'first thought', source: 'app' });
    await waitFor(() => expect(result.current.items?.map((i) => i.text)).toEqual(['second thought', 'first thought']));
    expect(result.current.items?.[0]).toMatchObject({ id: second, source: 'share', createdAt: '2025-03-01T10:00:05.000Z' });
    expect(result.current.count).toBe(2);
    expect(await outboxNames()).toEqual(['inbox.create', 'inbox.create']);
  });

  it('refuses blank text without writing anything', async () => {
    const { result } = renderInbox();
    await expect(result.current.actions.capture('   ')).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.inbox.count()).toBe(0);
    expect(await outboxNames()).toEqual([]);
  });

  it('edits, removes and restores an item (the undo of a delete)', async () => {
    const { result } = renderInbox();
    const id = await result.current.actions.capture('draft');
    await result.current.actions.update(id, 'draft, edited');
    await waitFor(() => expect(result.current.items?.map((i) => i.text)).toEqual(['draft, edited']));
    await act(() => result.current.actions.remove(id));
    await waitFor(() => expect(result.current.items).toEqual([]));
    expect(result.current.count).toBe(0);
    await act(() => result.current.actions.restore(id));
    await waitFor(() => expect(result.current.items?.map((i) => i.text)).toEqual(['draft, edited']));
    expect(await outboxNames()).toEqual(['inbox.create', 'inbox.update', 'inbox.delete', 'inbox.restore']);
  });

  it('removeMany deletes all in one transaction, or none when one is missing', async () => {
    const { result } = renderInbox();
    const a = await result.current.actions.capture('a');
    const b = await result.current.actions.capture('b');
    const c = await result.current.actions.capture('c');
    await expect(result.current.actions.removeMany([a, 'missing'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await row('inbox', a))?.deleted).toBe(0);
    await act(() => result.current.actions.removeMany([a, b]));
    await waitFor(() => expect(result.current.items?.map((i) => i.id)).toEqual([c]));
    expect(await outboxNames()).toEqual(['inbox.create', 'inbox.create', 'inbox.create', 'inbox.delete', 'inbox.delete']);
    await act(() => result.current.actions.restoreMany([a, b]));
    await waitFor(() => expect(result.current.items?.map((i) => i.id).sort()).toEqual([a, b, c].sort()));
  });

  it('convert writes the task and removes the item in one transaction, queued as one inbox.convert', async () => {
    const { result } = renderInbox();
    const id = await result.current.actions.capture('Pay rent\nbefore the 5th');
    let taskId = '';
    await act(async () => {
      taskId = await result.current.actions.convert(id, 'task', { priority: 'high' });
    });
    expect((await row('tasks', taskId))?.data).toMatchObject({ title: 'Pay rent', description: 'before the 5th', priority: 'high' });
    expect((await row('inbox', id))?.deleted).toBe(1);
    await waitFor(() => expect(result.current.items).toEqual([]));
    const outbox = await db._outbox.toArray();
    expect(outbox.map((e) => e.name)).toEqual(['inbox.create', 'inbox.convert']);
    expect(outbox[1]?.args).toMatchObject({ id, to: 'task', targetId: taskId });
  });

  it('undoConvert deletes the created entity and brings the item back', async () => {
    const { result } = renderInbox();
    const id = await result.current.actions.capture('Oops\nwrong target');
    const noteId = await result.current.actions.convert(id, 'note');
    await waitFor(() => expect(result.current.items).toEqual([]));
    await act(() => result.current.actions.undoConvert(id, 'note', noteId));
    await waitFor(() => expect(result.current.items?.map((i) => i.text)).toEqual(['Oops\nwrong target']));
    expect((await row('notes', noteId))?.deleted).toBe(1);
    expect(await outboxNames()).toEqual(['inbox.create', 'inbox.convert', 'note.delete', 'inbox.restore']);
  });

  it('convert to an event or a habit starts today on this device; to a note, at the root', async () => {
    const { result } = renderInbox();
    const e = await result.current.actions.capture('Dentist');
    const h = await result.current.actions.capture('Walk\n20 minutes');
    const n = await result.current.actions.capture('Recipe\nflour, eggs');
    const eventId = await result.current.actions.convert(e, 'event');
    const habitId = await result.current.actions.convert(h, 'habit', { frequency: 'weekly' });
    const noteId = await result.current.actions.convert(n, 'note');
    expect((await row('events', eventId))?.data).toMatchObject({ title: 'Dentist', startDate: localToday(), allDay: true });
    expect((await row('habits', habitId))?.data).toMatchObject({ title: 'Walk', description: '20 minutes', frequency: 'weekly', startDate: localToday() });
    expect((await row('notes', noteId))?.data).toMatchObject({ title: 'Recipe', content: 'flour, eggs', folder: null });
  });

  it('a refused conversion keeps the item and writes nothing', async () => {
    const { result } = renderInbox();
    const id = await result.current.actions.capture('Meeting');
    const error = await result.current.actions.convert(id, 'event', { startDate: '2025-03-04', allDay: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION', details: [expect.objectContaining({ field: 'startTime' })] });
    expect((await row('inbox', id))?.deleted).toBe(0);
    expect(await db.events.count()).toBe(0);
    expect(await outboxNames()).toEqual(['inbox.create']);
  });

  it('append adds the text to the note and removes the item, in one transaction', async () => {
    await seed(db, 'note', 'n1', { title: 'Journal', content: 'Monday' });
    const { result } = renderInbox();
    const id = await result.current.actions.capture('Tuesday');
    await act(() => result.current.actions.append(id, 'n1'));
    expect((await row('notes', 'n1'))?.data).toMatchObject({ content: 'Monday\n\nTuesday' });
    expect((await row('inbox', id))?.deleted).toBe(1);
    await expect(result.current.actions.append(id, 'n1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await outboxNames()).toEqual(['note.create', 'inbox.create', 'inbox.append']);
  });
});

describe('inbox rows as screens see them', () => {
  const stored = (data: Record<string, unknown>) => ({ id: 'i', data, deleted: 0 as const, createdAt: 'c', updatedAt: 'u', version: 1, parentId: null });

  it('reads a source this build does not know (the old api) as app, and a missing one too, rather than hiding the item', () => {
    expect(toInboxItem(stored({ text: 'old', source: 'api' }))).toEqual({ id: 'i', text: 'old', source: 'app', createdAt: 'c', updatedAt: 'u' });
    expect(toInboxItem(stored({ text: 'bare' }))?.source).toBe('app');
    expect(toInboxItem(stored({ text: 'bot', source: 'telegram' }))?.source).toBe('telegram');
  });

  it('leaves out a row without text', () => {
    expect(toInboxItem(stored({ source: 'app' }))).toBeNull();
  });
});
