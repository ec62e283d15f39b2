import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentHash } from '@adhd/shared/notes/logic';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { useFolderIndex } from '../components/bridges';
import { useNotes } from '../data/queries';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { NoteEditorDialog, type NoteEditorTarget } from './note-editor-dialog';

let db: AppDatabase;
eachTestDb((opened) => (db = opened), { domStandIns: true });
afterEach(() => {
  vi.restoreAllMocks();
});

function Harness({ target, onClose }: { target: NoteEditorTarget; onClose(): void }) {
  const notes = useNotes();
  const folders = useFolderIndex();
  const [current, setCurrent] = useState<NoteEditorTarget | null>(target);
  if (!notes || !folders || !current) return null;
  return (
    <NoteEditorDialog
      key={current.mode}
      target={current}
      note={current.mode === 'create' ? undefined : notes.find((n) => n._id === current.id)}
      folders={folders}
      onClose={() => {
        setCurrent(null);
        onClose();
      }}
      onModeChange={setCurrent}
    />
  );
}

const outbox = async () => (await db._outbox.toArray()).map((e) => ({ name: e.name, args: e.args }));

describe('NoteEditorDialog', () => {
  it('checks "Title is required" first, then "Content is required", and saves once both are filled', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness target={{ mode: 'create', folder: null }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).queryByText('Content is required')).toBeNull();

    await user.type(within(dialog).getByLabelText('Title'), 'Groceries');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).queryByText('Title is required')).toBeNull();
    expect(within(dialog).getByText('Content is required')).toBeTruthy();
    expect(await db.notes.count()).toBe(0);

    await user.type(within(dialog).getByLabelText('Content'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Content is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Content'), '- milk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [row] = await db.notes.toArray();
    expect(row!.data).toMatchObject({ title: 'Groceries', content: '   - milk', isMarkdown: true, color: '#FFEB3B', pinned: false, folder: null, tags: [] });
  });

  it('saves from the Preview tab too', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness target={{ mode: 'create', folder: null }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await user.type(within(dialog).getByLabelText('Title'), 'From preview');
    await user.type(within(dialog).getByLabelText('Content'), '- [[ ] task');
    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await db.notes.count()).toBe(1);
  });

  it('stays open with a message when the save fails', async () => {
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithI18n(<Harness target={{ mode: 'create', folder: null }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Will fail');
    await user.type(within(dialog).getByLabelText('Content'), 'text');
    db.close();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New note' })).toBeTruthy();
  });

  it('shows the sanitised markdown preview, and plain text with markdown off', async () => {
    await seed(db, 'note', 'n1', { title: 'Plan', content: '**bold** [x](javascript:alert(1)) <img src=x onerror=alert(1)>' });
    renderWithI18n(<Harness target={{ mode: 'view', id: 'n1' }} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Plan' });
    const preview = await within(dialog).findByTestId('markdown-preview');
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('bold'));
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.querySelector('a')?.getAttribute('href') ?? null).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Edit note' });
    await user.click(within(editDialog).getByRole('switch', { name: 'Markdown' }));
    await user.click(within(editDialog).getByRole('tab', { name: 'Preview' }));
    expect(within(editDialog).getByTestId('plain-preview').textContent).toContain('**bold**');
  });

  it('saves only the changed fields, with the hash of the body the edit started from', async () => {
    await seed(db, 'note', 'n1', { title: 'Plan', content: 'v0' });
    await db._outbox.clear();
    const onClose = vi.fn();
    renderWithI18n(<Harness target={{ mode: 'edit', id: 'n1' }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    await user.type(within(dialog).getByLabelText('Content'), ' and more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await outbox()).toEqual([{ name: 'note.update', args: { id: 'n1', content: 'v0 and more', baseHash: contentHash('v0') } }]);
  });

  it('asks before discarding unsaved changes, and shows delete only for an existing note', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness target={{ mode: 'create', folder: null }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    expect(within(dialog).queryByRole('button', { name: 'Delete note' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalled();
    expect(await db.notes.count()).toBe(0);
  });

  it('appends the body to another note instead of creating a new one', async () => {
    await seed(db, 'note', 'target', { title: 'Journal', content: 'Monday' });
    const onClose = vi.fn();
    renderWithI18n(<Harness target={{ mode: 'create', folder: null }} onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await user.type(within(dialog).getByLabelText('Content'), 'Tuesday');
    await user.click(within(dialog).getByRole('button', { name: 'Append to note' }));
    const append = await screen.findByRole('dialog', { name: 'Append to note' });
    await user.click(within(append).getByRole('option', { name: /Journal/ }));
    await user.click(within(append).getByRole('button', { name: 'Append' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.notes.get('target'))!.data.content).toBe('Monday\n\nTuesday');
    expect(await db.notes.count()).toBe(1);
  });
});
