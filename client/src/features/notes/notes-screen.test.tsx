import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { NotesScreen } from './notes-screen';
import { eachTestDb, renderWithI18n, seed } from '../../test/kit';

let db: AppDatabase;
beforeEach(() => {
  window.history.replaceState(null, '', '/notes');
});
eachTestDb((opened) => (db = opened), { domStandIns: true });

const cardTitles = (section: HTMLElement) => within(section).queryAllByTestId('note-card').map((c) => c.querySelector('h3')!.textContent);

describe('NotesScreen', () => {
  it('shows the pinned section first, then the others newest first', async () => {
    await seed(db, 'note', 'a', { title: 'Old' });
    await new Promise((r) => setTimeout(r, 5));
    await seed(db, 'note', 'b', { title: 'Pinned one', pinned: true });
    await new Promise((r) => setTimeout(r, 5));
    await seed(db, 'note', 'c', { title: 'New' });
    renderWithI18n(<NotesScreen />);
    const pinned = await screen.findByRole('region', { name: 'Pinned' });
    expect(cardTitles(pinned)).toEqual(['Pinned one']);
    expect(cardTitles(screen.getByRole('region', { name: 'Other notes' }))).toEqual(['New', 'Old']);
  });

  it('pin toggle sends only the pinned field', async () => {
    await seed(db, 'note', 'a', { title: 'Pin me', color: '#123456' });
    await db._outbox.clear();
    renderWithI18n(<NotesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pin Pin me' }));
    await waitFor(async () => expect((await db._outbox.toArray()).map((e) => e.args)).toEqual([{ id: 'a', pinned: true }]));
    expect(cardTitles(await screen.findByRole('region', { name: 'Pinned' }))).toEqual(['Pin me']);
  });

  it('filters by folder in the tree and by search text', async () => {
    await seed(db, 'folder', 'w', { name: 'Work' });
    await seed(db, 'folder', 'p', { name: 'Projects', parentFolder: 'w' });
    await seed(db, 'note', 'a', { title: 'In work', folder: 'w' });
    await seed(db, 'note', 'b', { title: 'In projects', folder: 'p' });
    await seed(db, 'note', 'c', { title: 'Loose', content: 'needle here' });
    renderWithI18n(<NotesScreen />);
    const user = userEvent.setup();
    const tree = await screen.findByRole('navigation', { name: 'Folders' });
    await user.click(await within(tree).findByRole('button', { name: /^Projects/ }));
    expect(cardTitles(screen.getByRole('region', { name: 'All notes' }))).toEqual(['In projects']);
    await user.click(within(tree).getByRole('button', { name: /^Root Level/ }));
    expect(cardTitles(screen.getByRole('region', { name: 'All notes' }))).toEqual(['Loose']);
    await user.click(within(tree).getByRole('button', { name: /^All notes/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'NEEDLE');
    await waitFor(() => expect(cardTitles(screen.getByRole('region', { name: 'All notes' }))).toEqual(['Loose']));
  });

  it('opens /notes?id={id} in the editor', async () => {
    await seed(db, 'note', 'linked', { title: 'From search' });
    window.history.replaceState(null, '', '/notes?id=linked');
    renderWithI18n(<NotesScreen />);
    expect(await screen.findByRole('dialog', { name: 'From search' })).toBeTruthy();
  });

  it('deletes a folder from its dialog and keeps its notes, moved up a level', async () => {
    await seed(db, 'folder', 'w', { name: 'Work' });
    await seed(db, 'folder', 'p', { name: 'Projects', parentFolder: 'w' });
    await seed(db, 'note', 'n', { title: 'Kept', folder: 'p' });
    renderWithI18n(<NotesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Folder details: Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projects' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await db.folders.get('p'))!.deleted).toBe(1));
    expect((await db.notes.get('n'))!.data.folder).toBe('w');
  });

  it('says "Failed to delete folder" and stays open when the delete fails', async () => {
    await seed(db, 'folder', 'w', { name: 'Work' });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithI18n(<NotesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Folder details: Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    db.close();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Failed to delete folder')).toBeTruthy();
    spy.mockRestore();
  });

  it('creates a folder with "Folder name is required" first', async () => {
    renderWithI18n(<NotesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Folder name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Folder name'), 'Recipes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.folders.toArray()).map((f) => f.data.name)).toEqual(['Recipes']));
  });
});
