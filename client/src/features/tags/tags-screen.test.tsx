import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../db/mutate';
import type { AppDatabase } from '../../db/database';
import { TagsScreen } from './tags-screen';
import { eachTestDb, renderWithI18n, seed } from '../../test/kit';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

const row = async (name: string) => (await screen.findAllByTestId('tag-row')).find((r) => within(r).queryByText(name))!;
const usageOf = async (name: string) => within(await row(name)).getByTestId('tag-usage').textContent;

describe('TagsScreen', () => {
  it('shows an empty state and creates the first tag from it', async () => {
    renderWithI18n(<TagsScreen />);
    expect(await screen.findByText('No tags yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByLabelText('Name'), 'Deep work');
    await user.type(within(dialog).getByLabelText('Description'), 'Focus blocks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await row('Deep work')).toBeTruthy();
    expect(screen.getByText('Focus blocks')).toBeTruthy();
    const [stored] = await db.tags.toArray();
    expect(stored.data).toEqual({ name: 'Deep work', color: '#FFD6E7', description: 'Focus blocks' });
    expect((await db._outbox.toArray()).map((m) => m.name)).toEqual(['tag.create']);
  });

  it('creates nothing when the name is left blank', async () => {
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.tags.count()).toBe(0);
    expect(screen.getByText('No tags yet')).toBeTruthy();
  });

  it('renames a tag and refuses a name another tag has', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands' });
    await seed(db, 'tag', 'b', { name: 'Home' });
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit tag Errands/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    const name = within(dialog).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Errands');
    await user.clear(name);
    await user.type(name, 'HOME');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Shopping');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await row('Shopping')).toBeTruthy();
    expect((await db.tags.get('a'))?.data.name).toBe('Shopping');
    // Only the changed field travels, so a concurrent recolour elsewhere survives.
    expect((await db._outbox.toArray()).at(-1)).toMatchObject({ name: 'tag.update', args: { id: 'a', name: 'Shopping' } });
    expect((await db._outbox.toArray()).at(-1)?.args).not.toHaveProperty('color');
  });

  it('saves nothing when the edit dialog is saved unchanged', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands' });
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit tag Errands/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db._outbox.toArray()).map((m) => m.name)).toEqual(['tag.create']);
  });

  it('recolours a tag from its colour dot through the "Select a Color" dialog', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands', color: '#FFD6E7' });
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the colour of Errands' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a Color' });
    const hex = within(dialog).getByLabelText('Custom colour (hex)');
    await user.clear(hex);
    await user.type(hex, '#0af');
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    await waitFor(async () => expect((await db.tags.get('a'))?.data.color).toBe('#00AAFF'));
  });

  it('counts the live tasks that hold each tag', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands' });
    await seed(db, 'tag', 'b', { name: 'Home' });
    await seed(db, 'tag', 'c', { name: 'Unused' });
    await seed(db, 'task', 't1', { tags: ['a', 'b'] });
    await seed(db, 'task', 't2', { tags: ['a'] });
    await seed(db, 'task', 't3', { tags: ['a'] });
    renderWithI18n(<TagsScreen />);
    await waitFor(async () => expect(await usageOf('Errands')).toBe('Used in 3 items'));
    expect(await usageOf('Home')).toBe('Used in 1 item');
    expect(await usageOf('Unused')).toBe('Not used');
    await mutate(db, 'task.delete', { id: 't3' });
    await waitFor(async () => expect(await usageOf('Errands')).toBe('Used in 2 items'));
  });

  it('deletes a tag after a confirmation that says how many items use it, and takes it off those tasks', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands' });
    await seed(db, 'tag', 'b', { name: 'Home' });
    await seed(db, 'task', 't1', { tags: ['a', 'b'] });
    await seed(db, 'task', 't2', { tags: ['a'] });
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await waitFor(async () => expect(await usageOf('Errands')).toBe('Used in 2 items'));
    await user.click(screen.getByRole('button', { name: 'Delete tag Errands' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the tag “Errands”?' });
    expect(within(dialog).getByText('2 items use this tag. It will be removed from all of them.')).toBeTruthy();
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Errands')).toBeNull());
    expect((await db.tags.get('a'))?.deleted).toBe(1);
    expect((await db.tasks.get('t1'))?.data.tags).toEqual(['b']);
    expect((await db.tasks.get('t2'))?.data.tags).toEqual([]);
  });

  it('keeps the tag when the deletion is cancelled', async () => {
    await seed(db, 'tag', 'a', { name: 'Errands' });
    renderWithI18n(<TagsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag Errands' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('No item uses this tag.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await db.tags.get('a'))?.deleted).toBe(0);
  });
});
