import { addDays } from '@adhd/shared/time';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { TasksScreen } from './tasks-screen';
import { eachTestDb, localToday, renderWithI18n, seed } from '../../test/kit';

let db: AppDatabase;
beforeEach(() => {
  window.history.replaceState(null, '', '/tasks');
  localStorage.clear();
});
eachTestDb((opened) => (db = opened));

const rowOf = async (title: string) =>
  waitFor(() => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-task-row]')].find((r) => r.querySelector('[data-task-title]')?.textContent === title);
    if (!row) throw new Error(`No row ${title}`);
    return row;
  });

describe('TasksScreen', () => {
  it('shows a friendly empty state with the quick add focused', async () => {
    renderWithI18n(<TasksScreen />);
    expect(await screen.findByText('A clear list. Nice.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText('Add a task…')));
  });

  it('creates a task instantly when Enter is pressed in the quick add, and ignores a blank one', async () => {
    renderWithI18n(<TasksScreen />);
    const user = userEvent.setup();
    const input = (await screen.findByPlaceholderText('Add a task…')) as HTMLInputElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    await user.type(input, '   {Enter}');
    await user.type(input, '  Buy milk {Enter}');
    expect(await rowOf('Buy milk')).toBeTruthy();
    expect(input.value).toBe('');
    // The row shows at once (optimistic); the local write lands once the mutation code is loaded (db/registry.ts).
    await waitFor(async () => expect(await db._outbox.count()).toBe(1));
    const rows = await db.tasks.toArray();
    expect(rows.map((r) => [r.data.title, r.data.priority, r.data.completed, r.parentId])).toEqual([['Buy milk', 'medium', false, null]]);
    expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await db._outbox.toArray()).map((m) => m.name)).toEqual(['task.create']);
  });

  it('shows dates as Today / Yesterday / a medium date, the overdue days and the subtask count', async () => {
    const today = localToday();
    await seed(db, 'task', 'a', { title: 'Overdue one', dueDate: addDays(today, -3), priority: 'high' });
    await seed(db, 'task', 'b', { title: 'Due yesterday', dueDate: addDays(today, -1) });
    await seed(db, 'task', 'c', { title: 'Starts today', startDate: today, time: '14:30', priority: 'low' });
    await seed(db, 'task', 'd', { title: 'Far away', dueDate: '2031-03-05' });
    await seed(db, 'task', 'e', { title: 'Kid', parent: 'd', completed: true });
    renderWithI18n(<TasksScreen />);
    const overdue = await rowOf('Overdue one');
    expect(within(overdue).getByTestId('overdue').textContent).toBe('Overdue by 3 days');
    expect(within(overdue).getByText('High')).toBeTruthy();
    const yesterday = await rowOf('Due yesterday');
    expect(within(yesterday).getByText('Due Yesterday')).toBeTruthy();
    expect(within(yesterday).getByTestId('overdue').textContent).toBe('Overdue by 1 day');
    const starts = await rowOf('Starts today');
    expect(within(starts).getByText('Starts Today')).toBeTruthy();
    expect(within(starts).getByText('2:30 PM')).toBeTruthy();
    expect(within(starts).queryByTestId('overdue')).toBeNull();
    const far = await rowOf('Far away');
    expect(within(far).getByText('Due Mar 5, 2031')).toBeTruthy();
    expect(within(far).getByText('1/1')).toBeTruthy();
  });

  it('toggles completion from the row with a click and with Space', async () => {
    await seed(db, 'task', 'a', { title: 'Water plants' });
    renderWithI18n(<TasksScreen />);
    const user = userEvent.setup();
    const row = await rowOf('Water plants');
    await user.click(within(row).getByRole('checkbox', { name: 'Mark Water plants as done' }));
    await waitFor(async () => expect((await db.tasks.get('a'))?.data.completed).toBe(true));
    row.focus();
    await user.keyboard(' ');
    await waitFor(async () => expect((await db.tasks.get('a'))?.data.completed).toBe(false));
  });

  it('opens the details of /tasks?id={id}, and Enter on a row opens them too', async () => {
    await seed(db, 'task', 'p', { title: 'Plan trip', description: 'Book the train' });
    await seed(db, 'task', 'k', { title: 'Pack bag', parent: 'p' });
    window.history.replaceState(null, '', '/tasks?id=p');
    renderWithI18n(<TasksScreen />);
    const dialog = await screen.findByRole('dialog', { name: 'Plan trip' });
    expect(within(dialog).getByText('Book the train')).toBeTruthy();
    const user = userEvent.setup();
    // The subtask opens its own details, with a parent chip back to the parent.
    await user.click(within(dialog).getByRole('button', { name: 'Pack bag' }));
    const child = await screen.findByRole('dialog', { name: 'Pack bag' });
    expect(window.location.search).toBe('?id=k');
    await user.click(within(child).getByRole('button', { name: /Plan trip/ }));
    await screen.findByRole('dialog', { name: 'Plan trip' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    const row = await rowOf('Pack bag');
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Pack bag' })).toBeTruthy();
  });

  it('adds a subtask from the details by title and Enter', async () => {
    await seed(db, 'task', 'p', { title: 'Plan trip' });
    window.history.replaceState(null, '', '/tasks?id=p');
    renderWithI18n(<TasksScreen />);
    const dialog = await screen.findByRole('dialog', { name: 'Plan trip' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByPlaceholderText('Add a subtask…'), 'Buy tickets{Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Buy tickets' })).toBeTruthy();
    const kid = (await db.tasks.toArray()).find((r) => r.data.title === 'Buy tickets');
    expect(kid?.parentId).toBe('p');
  });

  it('deletes after confirmation and undoes with task.restore, subtasks included', async () => {
    await seed(db, 'task', 'p', { title: 'Plan trip' });
    await seed(db, 'task', 'k', { title: 'Pack bag', parent: 'p' });
    window.history.replaceState(null, '', '/tasks?id=p');
    renderWithI18n(<TasksScreen />);
    const dialog = await screen.findByRole('dialog', { name: 'Plan trip' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this task?' });
    expect(within(confirm).getByText('Its 1 subtask is deleted too. You can undo this.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await db.tasks.toArray()).map((r) => r.deleted)).toEqual([1, 1]));
    expect(screen.queryByRole('dialog')).toBeNull();
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Task deleted');
    await act(() => user.click(within(toast).getByRole('button', { name: 'Undo' })));
    await waitFor(async () => expect((await db.tasks.toArray()).map((r) => r.deleted)).toEqual([0, 0]));
    expect((await db._outbox.toArray()).map((m) => m.name)).toEqual(['task.create', 'task.create', 'task.delete', 'task.restore', 'task.restore']);
  });

  it('shows children under their parents in the tree view and collapses them', async () => {
    await seed(db, 'task', 'p', { title: 'Parent' });
    await seed(db, 'task', 'k', { title: 'Child', parent: 'p' });
    renderWithI18n(<TasksScreen />);
    const user = userEvent.setup();
    await rowOf('Child');
    await user.click(screen.getByRole('button', { name: 'Tree' }));
    const parent = await rowOf('Parent');
    expect(parent.getAttribute('aria-expanded')).toBe('true');
    expect((await rowOf('Child')).style.paddingLeft).toBe('1.5rem');
    await user.click(within(parent).getByRole('button', { name: 'Collapse subtasks' }));
    await waitFor(() => expect(screen.queryByText('Child')).toBeNull());
  });

  it('filters by search text and status', async () => {
    await seed(db, 'task', 'a', { title: 'Buy milk' });
    await seed(db, 'task', 'b', { title: 'Pay rent', completed: true });
    renderWithI18n(<TasksScreen />);
    const user = userEvent.setup();
    await rowOf('Pay rent');
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'milk');
    await waitFor(() => expect(screen.queryByText('Pay rent')).toBeNull());
    expect(screen.getByText('Buy milk')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Pay rent')).toBeTruthy();
  });
});
