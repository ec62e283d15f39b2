import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { Dialog } from 'radix-ui';
import { TagSelector } from './tag-selector';
import { TagSelectorHarness } from '../testing';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

/** A task form in a Radix dialog around the selector; `submitted` records form submits. */
function TaskForm({ submitted, closable }: { submitted: string[]; closable?: boolean }) {
  const [tags, setTags] = useState<string[]>([]);
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root open={open} onOpenChange={closable ? setOpen : undefined}>
      <Dialog.Portal>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Title>Task</Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submitted.push('task');
            }}
          >
            <TagSelector value={tags} onChange={setTags} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

describe('TagSelector', () => {
  describe('below 600 px', () => {
    beforeEach(() => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: true,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('picks an existing tag from a select', async () => {
      await seed(db, 'tag', 'work', { name: 'Work' });
      const changes: string[][] = [];
      renderWithI18n(<TagSelectorHarness changes={changes} />);
      const user = userEvent.setup();
      expect(screen.queryByRole('combobox', { name: 'Find or create a tag' })).toBeNull();
      const select = screen.getByRole('combobox', { name: 'Add a tag' });
      await screen.findByRole('option', { name: 'Work' });
      await user.selectOptions(select, 'work');
      expect(changes.at(-1)).toEqual(['work']);
    });

    it('creates a tag with the + button and adds it to the selection', async () => {
      const changes: string[][] = [];
      renderWithI18n(<TagSelectorHarness changes={changes} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'New tag' }));
      const dialog = await screen.findByRole('dialog', { name: 'New tag' });
      await user.type(within(dialog).getByLabelText('Name'), 'Phone');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(changes.length).toBe(1));
      const [row] = await db.tags.toArray();
      expect(row.data.name).toBe('Phone');
      expect(row.data.color).toBe('#FFD6E7');
      expect(changes[0]).toEqual([row.id]);
    });
  });
});

describe('TagSelector inside a form dialog', () => {
  it('closes only its list on Esc, not the dialog around it', async () => {
    const submitted: string[] = [];
    await seed(db, 'tag', 'work', { name: 'Work' });
    renderWithI18n(<TaskForm submitted={submitted} closable />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.click(input);
    await screen.findByRole('option', { name: 'Work' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeTruthy();
    await user.keyboard('{Escape}'); // with the list closed, Esc is the dialog's again
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Task' })).toBeNull());
  });

  it('does not submit the surrounding form when a tag is created, and Backspace takes off the last tag', async () => {
    const submitted: string[] = [];
    renderWithI18n(<TaskForm submitted={submitted} />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'Errands{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New tag' })).toBeNull());
    expect(submitted).toEqual([]);
    expect(await within(screen.getByRole('list', { name: 'Selected tags' })).findByText('Errands')).toBeTruthy();
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Selected tags' })).toBeNull());
  });
});
