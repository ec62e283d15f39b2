import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { useTaskIndex, useTasks } from '../data/queries';
import type { UserPrefs } from '../../../lib/use-prefs';
import { eachTestDb, localToday, renderWithI18n, seed } from '../../../test/kit';
import { titlesByParent } from '../testing';
import { TaskFormDialog, type TaskFormTarget } from './task-form-dialog';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

const prefs: UserPrefs = { timeZone: 'UTC', weekStartDay: 1, clockMode: '24h', locale: 'en' };

function Harness({ target, onClose }: { target: TaskFormTarget; onClose(): void }) {
  const tasks = useTasks();
  const index = useTaskIndex(tasks);
  const [open, setOpen] = useState(true);
  if (!tasks || !open) return null;
  return (
    <TaskFormDialog
      target={target}
      index={index}
      prefs={prefs}
      today={localToday()}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
    />
  );
}

function renderForm(target: TaskFormTarget) {
  const onClose = vi.fn();
  renderWithI18n(<Harness target={target} onClose={onClose} />);
  return onClose;
}

describe('TaskFormDialog', () => {
  it('blocks the save of a blank title with "Title is required"', async () => {
    const onClose = renderForm({ mode: 'create', parent: null });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await db.tasks.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates a task with the parent it was opened with and medium priority', async () => {
    await seed(db, 'task', 'p', { title: 'Plan trip' });
    const onClose = renderForm({ mode: 'create', parent: 'p' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect(within(dialog).getByText('Plan trip')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Book hotel');
    await user.type(within(dialog).getByLabelText('Description'), 'Near the station');
    await user.type(within(dialog).getByLabelText('Time'), '7:30 pm{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const row = (await db.tasks.toArray()).find((r) => r.data.title === 'Book hotel')!;
    expect(row.data).toMatchObject({ description: 'Near the station', priority: 'medium', parent: 'p', time: '19:30', dueDate: null, completed: false });
  });

  it('closes a create form without asking when nothing changed from the defaults', async () => {
    const onClose = renderForm({ mode: 'create', parent: null });
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'New task' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before closing an edit with unsaved changes: Keep editing stays, Discard closes and writes nothing', async () => {
    await seed(db, 'task', 't', { title: 'Write report' });
    const onClose = renderForm({ mode: 'edit', id: 't' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    await user.type(within(dialog).getByLabelText('Title'), ' today');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Write report today');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.tasks.get('t'))?.data.title).toBe('Write report');
  });

  it('closes an unchanged edit without asking', async () => {
    await seed(db, 'task', 't', { title: 'Write report' });
    const onClose = renderForm({ mode: 'edit', id: 't' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('applies staged, deleted and restored children on save, and nothing before', async () => {
    await seed(db, 'task', 'p', { title: 'Parent' });
    await seed(db, 'task', 'c1', { title: 'Child one', parent: 'p' });
    await seed(db, 'task', 'c2', { title: 'Child two', parent: 'p' });
    await seed(db, 'task', 'f', { title: 'Free task' });
    await seed(db, 'task', 'g', { title: 'Grandparent' });
    await mutate(db, 'task.move', { id: 'p', parent: 'g' });
    const before = await titlesByParent(db);
    const onClose = renderForm({ mode: 'edit', id: 'p' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    const section = within(dialog).getByRole('region', { name: 'Child tasks' });

    // Quick add: blank does nothing, a title stages a new child.
    const quick = within(section).getByPlaceholderText('Add a child task…');
    await user.type(quick, '  {Enter}');
    await user.type(quick, 'New kid{Enter}');
    expect(within(section).getByText('New kid')).toBeTruthy();
    // Strike one child through; strike and restore another.
    await user.click(within(section).getByRole('button', { name: 'Remove Child one' }));
    expect(within(section).getByText('Child one').className).toContain('line-through');
    await user.click(within(section).getByRole('button', { name: 'Remove Child two' }));
    await user.click(within(section).getByRole('button', { name: 'Restore Child two' }));
    expect(within(section).getByText('Child two').className).not.toContain('line-through');
    // Add an existing task: choices leave out the task, its children and its ancestors.
    await user.click(within(section).getByRole('button', { name: 'Add child' }));
    const picker = await screen.findByRole('dialog', { name: 'Add child task' });
    const options = within(picker).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Free task']);
    await user.click(within(picker).getByRole('option', { name: 'Free task' }));
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add child task' })).toBeNull());
    expect(within(section).getByText('Free task')).toBeTruthy();

    expect(await titlesByParent(db)).toEqual(before);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await titlesByParent(db)).toEqual({
      Grandparent: null,
      Parent: 'g',
      'Child one': null,
      'Child two': 'p',
      'Free task': 'p',
      'New kid': 'p',
    });
  });

  it('keeps the dialog open with the error when the save fails, and writes nothing of it', async () => {
    await seed(db, 'task', 'p', { title: 'Parent' });
    await seed(db, 'task', 'f', { title: 'Free task' });
    const onClose = renderForm({ mode: 'edit', id: 'p' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Add child' }));
    const picker = await screen.findByRole('dialog', { name: 'Add child task' });
    await user.click(within(picker).getByRole('option', { name: 'Free task' }));
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    // The staged child disappears (deleted on another device) before the save.
    await mutate(db, 'task.delete', { id: 'f' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((await db.tasks.get('p'))?.data.title).toBe('Parent');
  });
});
