import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { mutate } from '../../db/mutate';
import { eachTestDb, installDomStandIns, renderWithI18n, seed } from '../../test/kit';
import { SearchButton, useSearchShortcut } from './index';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));
let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  installDomStandIns();
  localStorage.clear();
  window.history.replaceState(null, '', '/tasks');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchSpy.mockRestore());

/** What the layout mounts: the Ctrl+K handler and the header's button, next to a screen's text field. */
function Harness() {
  useSearchShortcut(true);
  return (
    <>
      <input aria-label="Screen field" />
      <SearchButton />
    </>
  );
}

const palette = () => screen.queryByTestId('search-palette');
const searchCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/api/search'));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function openWithCtrlK(user: ReturnType<typeof userEvent.setup>) {
  const field = screen.getByLabelText('Screen field');
  await user.click(field);
  await user.keyboard('{Control>}k{/Control}');
  // The palette is a lazy chunk: its first import in a test run includes the transform, slow on a loaded machine.
  await waitFor(() => expect(palette()).not.toBeNull(), { timeout: 10_000 });
  expect((field as HTMLInputElement).value).toBe('');
  const input = within(palette()!).getByRole('combobox');
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input;
}

describe('the search palette on the local database', () => {
  beforeEach(async () => {
    // A device whose first sync is done: the palette answers from the local index.
    await db._meta.put({ key: 'cursor', value: 7 });
  });

  it('opens with Ctrl+K inside a text field, finds by prefix, moves with the arrows and opens the result', async () => {
    await seed(db, 'task', 't1', { title: 'Quarterly report', description: 'numbers' });
    await seed(db, 'note', 'n1', { title: 'Reading list', content: 'The quarterly magazine, and a long essay about sleep' });
    await mutate(db, 'inbox.create', { id: 'i1', text: 'Buy a lamp' });
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await openWithCtrlK(user);
    await user.keyboard('quart');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('search-result');
    // The title match first, in its group; the note's snippet has the matched word in bold.
    expect(first!.textContent).toContain('Quarterly report');
    expect(within(palette()!).getByText('Tasks')).toBeTruthy();
    expect(within(palette()!).getByText('Notes')).toBeTruthy();
    expect(within(second!).getByText('quarterly').tagName).toBe('STRONG');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(second!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(palette()).toBeNull());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/notes?id=n1');
    expect(searchCalls()).toHaveLength(0);
  });

  it('shows a note’s snippet without its Markdown marks', async () => {
    await seed(db, 'note', 'md', { title: 'Plans', content: '## Weekend\n\n- **Buy** a [lamp](https://shop.example) for the *reading* corner' });
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await openWithCtrlK(user);
    await user.keyboard('lamp');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    const row = screen.getByTestId('search-result');
    expect(within(row).getByText('lamp').tagName).toBe('STRONG');
    expect(row.textContent).toContain('Weekend. Buy a lamp for the reading corner');
    expect(row.textContent).not.toMatch(/[#*[\]]|https:/);
  });

  it('finds inbox items and a task written after the index was built; says when nothing matches', async () => {
    await mutate(db, 'inbox.create', { id: 'i1', text: 'Позвонить в банк' });
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await openWithCtrlK(user);
    await user.keyboard('банк');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    await user.click(screen.getByTestId('search-result'));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/inbox?id=i1');
    await seed(db, 'task', 'new', { title: 'Renew passport' });
    await openWithCtrlK(user);
    await user.keyboard('passp');
    await waitFor(() => expect(screen.getAllByTestId('search-result')[0]!.textContent).toContain('Renew passport'));
    await user.keyboard('xyz');
    expect(await screen.findByText('No results for “passpxyz”')).toBeTruthy();
  });

  it('narrows the list in the keystroke’s own task when typing forward; the index’s answer then adds what it found', async () => {
    await seed(db, 'task', 't1', { title: 'Project alpha' });
    await seed(db, 'task', 't2', { title: 'Prxje beta' });
    await seed(db, 'note', 'n1', { title: 'Plans', content: 'The Ёлка project' });
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const input = await openWithCtrlK(user);
    const list = () => within(palette()!).getByRole('listbox');
    const rows = () => screen.queryAllByTestId('search-result').map((r) => r.textContent);
    await user.keyboard('proj');
    await waitFor(() => expect(list().getAttribute('data-query')).toBe('proj'));
    expect(rows()).toEqual(['Project alpha', 'PlansThe Ёлка project']);

    // The index (in-process in jsdom) answers in a later microtask: what shows right after the event is the narrowed list.
    fireEvent.change(input, { target: { value: 'proje' } });
    expect(list().getAttribute('data-query')).toBe('proje');
    expect(rows()).toEqual(['Project alpha', 'PlansThe Ёлка project']);
    // "prxje" is one typo from "proje" (not from "proj"): the index's answer brings it in.
    await waitFor(() => expect(rows()).toContain('Prxje beta'));

    // A new word narrows too, with its bold words for the new query (ё folded).
    fireEvent.change(input, { target: { value: 'proje ел' } });
    expect(list().getAttribute('data-query')).toBe('proje ел');
    expect(rows()).toEqual(['PlansThe Ёлка project']);
    expect(within(screen.getByTestId('search-result')).getByText('Ёлка').tagName).toBe('STRONG');

    // A backspace does not narrow: the list waits for the index's answer.
    fireEvent.change(input, { target: { value: 'proje е' } });
    expect(list().getAttribute('data-query')).toBe('proje ел');
    await waitFor(() => expect(list().getAttribute('data-query')).toBe('proje е'));
    expect(searchCalls()).toHaveLength(0);
  });

  it('offers recent searches on a blank query without any call, clears them, and Ctrl+K and Escape close it', async () => {
    await seed(db, 'habit', 'h1', { title: 'Meditate' });
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await openWithCtrlK(user);
    expect(screen.getByText('Type to search your tasks, notes, events, habits and inbox.')).toBeTruthy();
    await user.keyboard('medit');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    await user.keyboard('{Enter}');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/habits?id=h1');

    // Opened from the header button this time.
    await user.click(screen.getByTestId('search-button'));
    await waitFor(() => expect(palette()).not.toBeNull());
    expect(screen.getByText('Recent searches')).toBeTruthy();
    const recent = screen.getByRole('option', { name: 'medit' });
    await user.click(recent);
    expect(within(palette()!).getByRole<HTMLInputElement>('combobox').value).toBe('medit');
    await user.clear(within(palette()!).getByRole('combobox'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Recent searches')).toBeNull();
    expect(localStorage.getItem(`search_recent:${db.userId}`)).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(palette()).toBeNull());
    await openWithCtrlK(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(palette()).toBeNull());
    expect(searchCalls()).toHaveLength(0);
  });
});

describe('the search palette during the first sync (server fallback)', () => {
  it('asks GET /api/search, debounced, never for a blank query, and shows "Search failed" with the generic message', async () => {
    await seed(db, 'task', 'local', { title: 'Server side only later' });
    fetchSpy.mockImplementation(async (url) =>
      new URL(String(url)).searchParams.get('q') === 'boom'
        ? json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } })
        : json(200, { results: [{ type: 'event', id: 'e9', data: { title: 'Server concert', description: 'Opera house', tags: [] } }], total: 1 }),
    );
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const input = await openWithCtrlK(user);
    await user.keyboard('conc');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(screen.getByTestId('search-result').textContent).toContain('Server concert');
    expect(within(screen.getByTestId('search-result')).getByText('concert').tagName).toBe('STRONG');
    // Four keystrokes within the debounce: one request, for the whole word.
    expect(searchCalls().map(([url]) => new URL(String(url)).searchParams.get('q'))).toEqual(['conc']);
    await user.clear(input);
    await new Promise((r) => setTimeout(r, 300));
    expect(searchCalls()).toHaveLength(1);
    await user.keyboard('boom');
    expect(await screen.findByText('Search failed')).toBeTruthy();
    expect(screen.getByText('Server error. Please try again later')).toBeTruthy();
    expect(screen.queryByText('Database unavailable')).toBeNull();
  });
});
