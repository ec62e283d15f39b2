import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync, strFromU8 } from 'fflate';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkExportText } from '@adhd/shared/backup/check';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import * as sync from '../../../db/sync';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { buildExportFile } from './export-data';
import { buildNotesZip, safeName } from './notes-zip';
import { DataSection } from './data-section';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

const readBlob = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const readBytes = (blob: Blob): Promise<Uint8Array> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

async function seedSome() {
  await seed(db, 'tag', 'tag-work', { name: 'Work' });
  await seed(db, 'folder', 'f-top', { name: 'Projects' });
  await seed(db, 'folder', 'f-sub', { name: 'Side: A/B', parentFolder: 'f-top' });
  await seed(db, 'task', 't-parent', { title: 'Move house', tags: ['tag-work'] });
  await seed(db, 'task', 't-child', { title: 'Pack', parent: 't-parent' });
  await seed(db, 'task', 't-gone', { title: 'Gone' });
  await mutate(db, 'task.delete', { id: 't-gone' });
  await seed(db, 'note', 'n-1', { title: 'Plan', content: '# Plan\nboxes', folder: 'f-sub', tags: ['tag-work'], pinned: true });
  await seed(db, 'note', 'n-2', { title: 'Plan', content: 'second', folder: 'f-sub' });
  await seed(db, 'note', 'n-3', { title: '../secret', content: 'top level' });
  await seed(db, 'habit', 'h-1', { title: 'Stretch', startDate: '2025-01-01' });
  await mutate(db, 'habit.setDay', { habitId: 'h-1', date: '2025-01-02', status: 'complete' });
  await mutate(db, 'event.create', { id: 'e-1', title: 'Gym', startDate: '2025-05-05', startTime: '18:00', endTime: '19:00', recurrence: 'FREQ=WEEKLY', tags: ['tag-work'] });
  await mutate(db, 'inbox.create', { id: 'i-1', text: 'Call the dentist' });
}

describe('export from the local database', () => {
  it('builds the shared export document from the live local rows', async () => {
    await seedSome();
    const progress = vi.fn();
    const file = await buildExportFile(db, progress, new Date(2026, 10, 27, 12));
    expect(file.name).toBe('adhd-superapp-export-2026-11-27.json');
    const text = await readBlob(file.blob);
    const checked = checkExportText(text);
    expect(checked.ok).toBe(true);
    const doc = JSON.parse(text);
    expect(Object.fromEntries(Object.entries(doc.data as Record<string, unknown[]>).map(([k, v]) => [k, v.length]))).toEqual({
      tags: 1,
      folders: 2,
      tasks: 2,
      notes: 3,
      habits: 1,
      habitDays: 1,
      events: 1,
      inbox: 1,
    });
    expect(doc.data.events[0]).toMatchObject({ _id: 'e-1', recurrence: 'FREQ=WEEKLY', tags: ['tag-work'], source: 'local', readonly: false });
    expect(doc.data.inbox[0]).toMatchObject({ _id: 'i-1', text: 'Call the dentist', source: 'app' });
    expect(doc.data.tasks.map((t: { _id: string }) => t._id)).toEqual(['t-child', 't-parent']);
    expect(doc.data.tasks[1]).toEqual({
      _id: 't-parent',
      title: 'Move house',
      description: '',
      completed: false,
      dueDate: null,
      startDate: null,
      time: null,
      priority: 'medium',
      tags: ['tag-work'],
      parent: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(progress).toHaveBeenLastCalledWith(12, 12);
  });
});

describe('notes as a Markdown zip', () => {
  it('puts folders as directories and notes as unique, safe .md files with front matter', async () => {
    await seedSome();
    const file = await buildNotesZip(db, new Date(2026, 10, 27));
    expect(file.name).toBe('adhd-superapp-notes-2026-11-27.zip');
    const files = unzipSync(await readBytes(file.blob));
    expect(Object.keys(files).sort()).toEqual(['Projects/', 'Projects/Side A B/', 'Projects/Side A B/Plan (2).md', 'Projects/Side A B/Plan.md', 'secret.md']);
    const plan = strFromU8(files['Projects/Side A B/Plan.md']!);
    const [, front, body] = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(plan)!;
    expect(parseYaml(front!)).toEqual({ title: 'Plan', tags: ['Work'], created: expect.any(String), updated: expect.any(String), pinned: true });
    expect(body).toBe('# Plan\nboxes');
  });

  it('makes names safe for every file system', () => {
    expect(safeName('a/b\\c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j');
    expect(safeName('..hidden. ')).toBe('hidden');
    expect(safeName('   ')).toBe('Untitled');
    expect(safeName('nul')).toBe('nul_');
    expect([...safeName('я'.repeat(300))]).toHaveLength(100);
  });
});

describe('the Your data section', () => {
  const realXhr = globalThis.XMLHttpRequest;
  let answer: { status: number; body: unknown } | 'network';
  let sent: string | null;

  /** XMLHttpRequest as far as uploadImport uses it: reports upload progress, then the scripted answer. */
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    open() {}
    setRequestHeader() {}
    send(body: string) {
      sent = body;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length });
        if (answer === 'network') return this.onerror?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }

  beforeEach(() => {
    sent = null;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
    vi.restoreAllMocks();
  });

  const exportText = async () => readBlob((await buildExportFile(db)).blob);
  const pick = async (text: string) => {
    renderWithI18n(<DataSection />);
    await userEvent.upload(screen.getByLabelText('Export file to import'), new File([text], 'export.json', { type: 'application/json' }));
  };

  it('names the first problem of a bad file and sends nothing', async () => {
    await seedSome();
    const doc = JSON.parse(await exportText());
    doc.data.tasks[1].title = '';
    await pick(JSON.stringify(doc));
    expect(await screen.findByText('This file cannot be imported. Nothing was changed.')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('data.tasks[1].title')).toBeTruthy();
    expect(sent).toBeNull();
  });

  it('says when the file is not an export at all', async () => {
    await pick('{"hello": 1}');
    expect(await screen.findByText('The file is not an export of this app')).toBeTruthy();
    expect(sent).toBeNull();
  });

  it('uploads a good file, shows the counts and syncs', async () => {
    await seedSome();
    const syncNow = vi.spyOn(sync.engine, 'syncNow').mockResolvedValue(undefined as never);
    const zero = { tags: 0, folders: 0, tasks: 0, notes: 0, habits: 0, habitDays: 0, events: 0, inbox: 0 };
    answer = { status: 200, body: { imported: { ...zero, tasks: 2, notes: 1 }, updated: { ...zero, tags: 1 }, unchanged: { ...zero, habits: 4 } } };
    const text = await exportText();
    await pick(text);
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(screen.getByText('Added: 3 · Updated: 1 · Already up to date: 4')).toBeTruthy();
    expect(sent).toBe(text);
    await waitFor(() => expect(syncNow).toHaveBeenCalled());
  });

  it('tells an offline user that import needs a connection', async () => {
    answer = 'network';
    await pick(await exportText());
    expect(await screen.findByText(/Import needs a connection to the server/)).toBeTruthy();
  });

  it('shows the server’s refusal in words', async () => {
    answer = { status: 400, body: { error: { code: 'VALIDATION', message: 'x', details: [{ field: 'data.tags[0].name', key: 'backup.duplicateName', message: 'Two tags have the same name' }] } } };
    await pick(await exportText());
    expect(await screen.findByText('Two tags have the same name')).toBeTruthy();
    expect(screen.getByText('data.tags[0].name')).toBeTruthy();
  });
});
