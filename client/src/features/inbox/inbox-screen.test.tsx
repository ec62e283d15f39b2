import type { InboxSource } from '@adhd/shared/inbox/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { mutate } from '../../db/mutate';
import { eachTestDb, renderWithI18n } from '../../test/kit';
import { INBOX_PAGE, InboxScreen } from './inbox-screen';
import { InboxShareScreen } from './share-screen';

let db: AppDatabase;
beforeEach(() => {
  window.history.replaceState(null, '', '/inbox');
  localStorage.clear();
});
eachTestDb((opened) => (db = opened), { domStandIns: true });

interface Row {
  id: string;
  deleted: number;
  data: Record<string, unknown>;
}
const live = async (table: 'inbox' | 'tasks' | 'notes') => ((await db[table].toArray()) as unknown as Row[]).filter((r) => r.deleted === 0);
const inboxTexts = async () => (await live('inbox')).map((r) => r.data.text);
const tick = () => new Promise((r) => setTimeout(r, 5));

async function seedItems(...items: { id: string; text: string; source?: InboxSource }[]) {
  for (const item of items) {
    await mutate(db, 'inbox.create', item);
    await tick(); // distinct creation times: newest first is well defined
  }
}
const rows = () => screen.getAllByTestId('inbox-item');
const rowOf = async (text: string) => {
  const found = await screen.findAllByTestId('inbox-item');
  const row = found.find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`No row ${text}`);
  return row;
};

describe('InboxScreen: the list', () => {
  it('says how to capture when empty', async () => {
    renderWithI18n(<InboxScreen />);
    expect(await screen.findByText('Your inbox is empty')).toBeTruthy();
    expect(screen.getByText(/Press Q anywhere or tap \+ to capture a thought/)).toBeTruthy();
  });

  it('lists items newest first with their first line apart and a source badge for telegram and share', async () => {
    await seedItems({ id: 'a', text: 'Oldest' }, { id: 'b', text: 'From the bot\nsecond line', source: 'telegram' }, { id: 'c', text: 'A link', source: 'share' });
    renderWithI18n(<InboxScreen />);
    await rowOf('Oldest');
    expect(rows().map((r) => r.querySelector('button span:not(.sr-only)')?.textContent)).toEqual(['A link', 'From the bot', 'Oldest']);
    expect(within(await rowOf('From the bot')).getByText('second line')).toBeTruthy();
    expect(within(await rowOf('From the bot')).getByText('Telegram')).toBeTruthy();
    expect(within(await rowOf('A link')).getByText('Shared')).toBeTruthy();
    expect(within(await rowOf('Oldest')).queryByText('Telegram')).toBeNull();
  });

  it('captures from the field at the top', async () => {
    renderWithI18n(<InboxScreen />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Capture a thought' }), 'Top field thought{Enter}');
    await waitFor(async () => expect(await inboxTexts()).toEqual(['Top field thought']));
    await rowOf('Top field thought');
  });

  it('edits in place: Enter saves, Escape cancels', async () => {
    await seedItems({ id: 'a', text: 'Buy mlk' });
    renderWithI18n(<InboxScreen />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Buy mlk')).getByRole('button', { name: 'Edit: Buy mlk' }));
    const editor = screen.getByRole('textbox', { name: 'Edit item' });
    await user.clear(editor);
    await user.type(editor, 'Buy milk{Enter}');
    await waitFor(async () => expect(await inboxTexts()).toEqual(['Buy milk']));
    await user.click(within(await rowOf('Buy milk')).getByRole('button', { name: 'Edit: Buy milk' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit item' }), ' and bread{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit item' })).toBeNull();
    expect(await inboxTexts()).toEqual(['Buy milk']);
  });

  it('deletes an item with an undo toast', async () => {
    await seedItems({ id: 'a', text: 'Keep me' }, { id: 'b', text: 'Delete me' });
    renderWithI18n(<InboxScreen />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Delete me')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual(['Keep me']));
    expect(await screen.findByText('Item deleted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await inboxTexts()).sort()).toEqual(['Delete me', 'Keep me']));
    await rowOf('Delete me');
  });

  it('selects several items, deletes them together and undoes that', async () => {
    await seedItems({ id: 'a', text: 'One' }, { id: 'b', text: 'Two' }, { id: 'c', text: 'Three' });
    renderWithI18n(<InboxScreen />);
    const user = userEvent.setup();
    await rowOf('One');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “One”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Three”' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual(['Two']));
    expect(await screen.findByText('2 items deleted')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await inboxTexts()).sort()).toEqual(['One', 'Three', 'Two']));
  });

  it('scrolls to and highlights the item of /inbox?id=', async () => {
    await seedItems({ id: 'a', text: 'Not this' }, { id: 'b', text: 'This one' });
    window.history.replaceState(null, '', '/inbox?id=a');
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    onTestFinished(() => void (Element.prototype.scrollIntoView = original));
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderWithI18n(<InboxScreen />);
    const row = await rowOf('Not this');
    await waitFor(() => expect(scrolled).toEqual([row]));
    expect(row.className).toContain('ring-2');
    expect((await rowOf('This one')).className).not.toContain('ring-2');
  });
});

describe('InboxScreen: a long inbox', () => {
  it('shows a page of items, more on demand, and always the item of /inbox?id=', async () => {
    for (let i = 1; i <= INBOX_PAGE + 3; i++) await mutate(db, 'inbox.create', { id: `i${i}`, text: `Thought ${i}` });
    // i1: the oldest item (created first, and the smallest id at an equal time), last in the list.
    window.history.replaceState(null, '', '/inbox?id=i1');
    renderWithI18n(<InboxScreen />);
    await waitFor(() => expect(rows()).toHaveLength(INBOX_PAGE + 3));
    expect(rows().at(-1)!.className).toContain('ring-2');
  });

  it('adds a page with "Show more"', async () => {
    for (let i = 1; i <= INBOX_PAGE + 3; i++) await mutate(db, 'inbox.create', { id: `i${i}`, text: `Thought ${i}` });
    renderWithI18n(<InboxScreen />);
    await waitFor(() => expect(rows()).toHaveLength(INBOX_PAGE));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more (3)' }));
    expect(rows()).toHaveLength(INBOX_PAGE + 3);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});

describe('InboxScreen: converting', () => {
  const openMenu = async (text: string, item: string) => {
    const user = userEvent.setup();
    await user.click(within(await rowOf(text)).getByRole('button', { name: 'Convert…' }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    return user;
  };

  it('turns an item into a task through the pre-filled task dialog, removing the item', async () => {
    await seedItems({ id: 'a', text: 'Renew passport\nphotos first\nthen the form' });
    renderWithI18n(<InboxScreen />);
    const user = await openMenu('Renew passport', 'Make a task');
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Renew passport');
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('photos first\nthen the form');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual([]));
    const tasks = await live('tasks');
    expect(tasks.map((t) => [t.data.title, t.data.description])).toEqual([['Renew passport', 'photos first\nthen the form']]);
    expect((await db._outbox.toArray()).map((m) => m.name)).toContain('inbox.convert');
    expect(await screen.findByText('Task created')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
  });

  it('turns an item into an event (today) and a one-line item into a note with the line as its content', async () => {
    await seedItems({ id: 'a', text: 'Team lunch\nbring the cake' }, { id: 'b', text: 'Packing list idea' });
    renderWithI18n(<InboxScreen />);
    let user = await openMenu('Team lunch', 'Make an event');
    const eventDialog = await screen.findByRole('dialog', { name: 'New event' });
    expect((within(eventDialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Team lunch');
    await user.click(within(eventDialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual(['Packing list idea']));
    const events = ((await db.events.toArray()) as unknown as Row[]).filter((r) => r.deleted === 0);
    expect(events.map((e) => [e.data.title, e.data.description])).toEqual([['Team lunch', 'bring the cake']]);
    expect(await screen.findByText('Event created')).toBeTruthy();

    user = await openMenu('Packing list idea', 'Make a note');
    const noteDialog = await screen.findByRole('dialog', { name: 'New note' });
    await user.click(within(noteDialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual([]));
    expect((await live('notes')).map((n) => [n.data.title, n.data.content])).toEqual([['Packing list idea', 'Packing list idea']]);
  });

  it('keeps the item when the dialog is cancelled', async () => {
    await seedItems({ id: 'a', text: 'Maybe a habit' });
    renderWithI18n(<InboxScreen />);
    const user = await openMenu('Maybe a habit', 'Make a task');
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).toBeNull());
    expect(await inboxTexts()).toEqual(['Maybe a habit']);
    expect(await live('tasks')).toHaveLength(0);
  });

  it('appends an item to a chosen note', async () => {
    await mutate(db, 'note.create', { id: 'n1', title: 'Shopping', content: 'Bread' });
    await seedItems({ id: 'a', text: 'Cheese' });
    renderWithI18n(<InboxScreen />);
    const user = await openMenu('Cheese', 'Append to note…');
    const dialog = await screen.findByRole('dialog', { name: 'Append to note' });
    await user.click(await within(dialog).findByRole('option', { name: /Shopping/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Append' }));
    await waitFor(async () => expect(await inboxTexts()).toEqual([]));
    expect((await live('notes')).map((n) => n.data.content)).toEqual(['Bread\n\nCheese']);
  });
});

describe('InboxShareScreen', () => {
  it('stores what was shared as one item and goes to it', async () => {
    window.history.replaceState(null, '', '/inbox/share?title=Great%20article&text=&url=https%3A%2F%2Fexample.com%2Fa');
    renderWithI18n(<InboxShareScreen />);
    await waitFor(() => expect(window.location.pathname).toBe('/inbox'));
    const items = await live('inbox');
    expect(items.map((r) => [r.data.text, r.data.source])).toEqual([['Great article\nhttps://example.com/a', 'share']]);
    expect(new URLSearchParams(window.location.search).get('id')).toBe(items[0]!.id);
  });
});
