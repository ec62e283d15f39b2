import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tagIdFor } from '@adhd/shared/tags/ids';
import type { AppDatabase } from '../../../db/database';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { selectedTags, TagSelectorHarness } from '../testing';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

describe('TagSelector', () => {
  it('selects an existing tag by clicking it in the filtered list', async () => {
    await seed(db, 'tag', 'work', { name: 'Work' });
    await seed(db, 'tag', 'home', { name: 'Home' });
    const changes: string[][] = [];
    renderWithI18n(<TagSelectorHarness changes={changes} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'wo');
    const listbox = screen.getByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toContain('Work'));
    expect(within(listbox).queryByText('Home')).toBeNull();
    await user.click(within(listbox).getByText('Work'));
    expect(changes.at(-1)).toEqual(['work']);
    expect(within(selectedTags()!).getByText('Work')).toBeTruthy();
  });

  it('selects an exact match with Enter and moves through options with the arrow keys', async () => {
    await seed(db, 'tag', 'alpha', { name: 'Alpha' });
    await seed(db, 'tag', 'beta', { name: 'Beta' });
    const changes: string[][] = [];
    renderWithI18n(<TagSelectorHarness changes={changes} />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await waitFor(async () => {
      await user.click(input);
      expect(screen.getAllByRole('option')).toHaveLength(2);
    });
    await user.type(input, 'beta{Enter}');
    expect(changes.at(-1)).toEqual(['beta']);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual(['beta', 'alpha']);
  });

  it('creates a new tag from a typed name through the creation dialog and selects it', async () => {
    const changes: string[][] = [];
    renderWithI18n(<TagSelectorHarness changes={changes} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'Errands{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Errands');
    await user.click(within(dialog).getByRole('radio', { name: '#F44336' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = await db.tags.toArray();
    expect(rows.map((r) => r.data)).toEqual([{ name: 'Errands', color: '#F44336', description: '' }]);
    expect(rows[0].id).toBe(tagIdFor(db.userId, 'errands')); // deterministic: devices converge
    expect(changes.at(-1)).toEqual([rows[0].id]);
    expect(await within(selectedTags()!).findByText('Errands')).toBeTruthy();
  });

  it('offers "Create “name”" as an option for a name no tag has', async () => {
    await seed(db, 'tag', 'work', { name: 'Work' });
    renderWithI18n(<TagSelectorHarness changes={[]} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'Workout');
    await user.click(await screen.findByRole('option', { name: 'Create “Workout”' }));
    expect(await screen.findByRole('dialog', { name: 'New tag' })).toBeTruthy();
  });

  it('closes the creation dialog without creating anything when the name is blank', async () => {
    const changes: string[][] = [];
    renderWithI18n(<TagSelectorHarness changes={changes} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'Temp{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.tags.count()).toBe(0);
    expect(await db._outbox.count()).toBe(0);
    expect(changes).toEqual([]);
  });

  it('does nothing on Enter with a blank input', async () => {
    renderWithI18n(<TagSelectorHarness changes={[]} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), '   {Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows "A tag with this name already exists" for a duplicate name', async () => {
    await seed(db, 'tag', 'work', { name: 'Work' });
    renderWithI18n(<TagSelectorHarness changes={[]} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'Errands{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, ' work ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeTruthy();
    expect(await db.tags.count()).toBe(1);
  });

  it('removes a selected tag with its × button', async () => {
    await seed(db, 'tag', 'work', { name: 'Work' });
    const changes: string[][] = [];
    renderWithI18n(<TagSelectorHarness initial={['work']} changes={changes} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove tag Work' }));
    expect(changes.at(-1)).toEqual([]);
  });

  it('shows "Loading tag..." for an id not in the local table, then "Unknown tag"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithI18n(<TagSelectorHarness initial={['missing-id']} changes={[]} />);
      expect(await screen.findByText('Loading tag...')).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(3100);
      });
      expect(await screen.findByText('Unknown tag')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a tag that arrives later (e.g. from the sync) instead of "Loading tag..."', async () => {
    renderWithI18n(<TagSelectorHarness initial={['late']} changes={[]} />);
    expect(await screen.findByText('Loading tag...')).toBeTruthy();
    await seed(db, 'tag', 'late', { name: 'Arrived' });
    expect(await screen.findByText('Arrived')).toBeTruthy();
  });

  it('links to /tags to create a new tag', () => {
    renderWithI18n(<TagSelectorHarness changes={[]} />);
    expect(screen.getByRole('link', { name: 'Create new tag' }).getAttribute('href')).toBe('/tags');
  });
});
