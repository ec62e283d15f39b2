import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { EventDialog, type EventDialogTarget } from './index';

let db: AppDatabase;
eachTestDb((opened) => (db = opened), { domStandIns: true });

const outbox = async () => (await db._outbox.toArray()).map((e) => ({ name: e.name, args: e.args as Record<string, unknown> }));
const lastWrite = async () => (await outbox()).at(-1)!;

/** A weekly series on Mondays 09:00–09:30 from Monday 2025-03-03. */
const SERIES = { title: 'Standup', startDate: '2025-03-03', startTime: '09:00', endTime: '09:30', allDay: false, recurrence: 'FREQ=WEEKLY;BYDAY=MO' };

function Harness({ target, onClose }: { target: EventDialogTarget; onClose(): void }) {
  const [open, setOpen] = useState<EventDialogTarget | null>(target);
  return (
    <EventDialog
      target={open}
      onClose={() => {
        setOpen(null);
        onClose();
      }}
    />
  );
}

function renderDialog(target: EventDialogTarget) {
  const onClose = vi.fn();
  renderWithI18n(<Harness target={target} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

async function pickOption(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('EventDialog: create', () => {
  it('writes event.create with every field the form sets', async () => {
    await seed(db, 'tag', 'tag-work', { name: 'Work' });
    const { user, onClose } = renderDialog({ mode: 'create', initial: { startDate: '2025-03-05', startTime: '14:00', allDay: false } });
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Team lunch');
    await user.type(within(dialog).getByLabelText('Location'), 'Cafe');
    await user.type(within(dialog).getByLabelText('Description'), 'Bring{Enter}badges');
    await pickOption(user, dialog, 'Repeat', 'Weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Friday' }));
    await pickOption(user, dialog, 'Ends', 'After a number of times');
    const count = within(dialog).getByLabelText('Number of times');
    await user.clear(count);
    await user.type(count, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add reminder 10 minutes before' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add reminder 1 day before' }));
    await user.click(within(dialog).getByRole('button', { name: 'Colour: calendar default' }));
    const picker = await screen.findByRole('dialog', { name: 'Select a Color' });
    const hex = within(picker).getByLabelText('Custom colour (hex)');
    await user.clear(hex);
    await user.type(hex, '#E91E63');
    await user.click(within(picker).getByRole('button', { name: 'Select' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Find or create a tag' }), 'Wor');
    await user.click(await screen.findByRole('option', { name: /Work/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = await outbox();
    expect(writes.map((w) => w.name)).toEqual(['tag.create', 'event.create']);
    expect(writes[1]!.args).toEqual({
      id: expect.any(String),
      title: 'Team lunch',
      description: 'Bring\nbadges',
      allDay: false,
      startDate: '2025-03-05',
      endDate: null,
      startTime: '14:00',
      endTime: '15:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=WE,FR;COUNT=5',
      location: 'Cafe',
      color: '#E91E63',
      tags: ['tag-work'],
      reminders: [10, 1440],
    });
  });

  it('saves with Enter in the title, as an all-day event of the clicked day', async () => {
    const { user, onClose } = renderDialog({ mode: 'create', initial: { startDate: '2025-03-05', allDay: true } });
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(within(dialog).queryByLabelText('Start time')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Holiday{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toMatchObject({ name: 'event.create', args: { title: 'Holiday', allDay: true, startDate: '2025-03-05', endDate: null, startTime: null, endTime: null } });
  });
});

describe('EventDialog: validation', () => {
  it('blocks a blank title with "Title is required" and an end before the start inline', async () => {
    const { user, onClose } = renderDialog({ mode: 'create', initial: { startDate: '2025-03-05', startTime: '14:00', allDay: false } });
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Title'), 'Call');
    const end = within(dialog).getByLabelText('End time');
    await user.clear(end);
    await user.type(end, '13:00{Enter}');
    expect(within(dialog).getByText('The end can’t be before the start')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await outbox()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('EventDialog: view and edit', () => {
  it('shows the event, then edits it with event.update of only the changed fields', async () => {
    await mutate(db, 'event.create', { id: 'e1', title: 'Dentist', startDate: '2025-03-04', startTime: '09:00', endTime: '10:00', location: 'Main St 5', reminders: [30] });
    const { user, onClose } = renderDialog({ mode: 'view', eventId: 'e1' });
    const view = await screen.findByRole('dialog', { name: 'Dentist' });
    expect(within(view).getByTestId('event-when').textContent).toMatch(/^Tue, Mar 4(, 2025)? · 9:00 AM–10:00 AM$/);
    expect(within(view).getByText('Main St 5')).toBeTruthy();
    expect(within(view).getByText('30 minutes before')).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.type(within(form).getByLabelText('Title'), ' check-up');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toEqual({ name: 'event.update', args: { id: 'e1', title: 'Dentist check-up' } });
  });

  it('asks before closing with unsaved changes: Keep editing stays, Discard closes and writes nothing', async () => {
    await mutate(db, 'event.create', { id: 'e1', title: 'Dentist', startDate: '2025-03-04', startTime: '09:00', endTime: '10:00' });
    const { user, onClose } = renderDialog({ mode: 'view', eventId: 'e1' });
    await user.click(within(await screen.findByRole('dialog', { name: 'Dentist' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.type(within(form).getByLabelText('Title'), '!');
    await user.keyboard('{Escape}');
    let confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Dentist!');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await outbox()).map((w) => w.name)).toEqual(['event.create']);
  });

  it('shows a read-only (Google) event with the SPEC notice and no Edit or Delete', async () => {
    const now = '2025-03-01T00:00:00.000Z';
    await db.events.put({
      id: 'google_1',
      data: { title: 'Board meeting', startDate: '2025-03-04', startTime: '10:00', endTime: '11:00', allDay: false, source: 'google', readonly: false },
      deleted: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
      parentId: null,
    });
    renderDialog({ mode: 'view', eventId: 'google_1' });
    const view = await screen.findByRole('dialog', { name: 'Board meeting' });
    expect(within(view).getByText('This event is read-only and cannot be modified')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes a single event after the confirmation and says "Event deleted successfully"', async () => {
    await mutate(db, 'event.create', { id: 'e1', title: 'Dentist', startDate: '2025-03-04', allDay: true });
    const { user, onClose } = renderDialog({ mode: 'view', eventId: 'e1' });
    await user.click(within(await screen.findByRole('dialog', { name: 'Dentist' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toEqual({ name: 'event.delete', args: { id: 'e1' } });
    expect((await screen.findByRole('status')).textContent).toContain('Event deleted successfully');
  });
});

describe('EventDialog: an occurrence of a series', () => {
  const target: EventDialogTarget = { mode: 'view', eventId: 's1', occurrence: { seriesId: 's1', originalStart: '2025-03-17T09:00' } };

  it('shows the occurrence’s own date and the recurrence in words', async () => {
    await mutate(db, 'event.create', { id: 's1', ...SERIES });
    renderDialog(target);
    const view = await screen.findByRole('dialog', { name: 'Standup' });
    expect(within(view).getByTestId('event-when').textContent).toMatch(/^Mon, Mar 17(, 2025)? · 9:00 AM–9:30 AM$/);
    expect(within(view).getByText('Every week on Mon')).toBeTruthy();
  });

  it.each(['this', 'following', 'all'] as const)('edits with the scope "%s" through event.editOccurrence', async (scope) => {
    await mutate(db, 'event.create', { id: 's1', ...SERIES });
    const { user, onClose } = renderDialog(target);
    await user.click(within(await screen.findByRole('dialog', { name: 'Standup' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.type(within(form).getByLabelText('Title'), ' (room 2)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Edit recurring event' });
    const label = { this: 'This event', following: 'This and following events', all: 'All events' }[scope];
    await user.click(within(ask).getByRole('button', { name: label }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toEqual({
      name: 'event.editOccurrence',
      args: { id: 's1', originalStart: '2025-03-17T09:00', scope, fields: { title: 'Standup (room 2)' }, newId: expect.any(String) },
    });
  });

  it('sends an occurrence’s new time as its own fields, the end keeping the duration', async () => {
    await mutate(db, 'event.create', { id: 's1', ...SERIES });
    const { user, onClose } = renderDialog(target);
    await user.click(within(await screen.findByRole('dialog', { name: 'Standup' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    const start = within(form).getByLabelText('Start time');
    await user.clear(start);
    await user.type(start, '10:15{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Edit recurring event' })).getByRole('button', { name: 'All events' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toEqual({
      name: 'event.editOccurrence',
      args: { id: 's1', originalStart: '2025-03-17T09:00', scope: 'all', fields: { startTime: '10:15', endTime: '10:45' }, newId: expect.any(String) },
    });
  });

  it('offers no "This event" for a change of the recurrence, and a cancelled question keeps the form open', async () => {
    await mutate(db, 'event.create', { id: 's1', ...SERIES });
    const { user, onClose } = renderDialog(target);
    await user.click(within(await screen.findByRole('dialog', { name: 'Standup' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    await pickOption(user, form, 'Repeat', 'Daily');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Edit recurring event' });
    expect(within(ask).queryByRole('button', { name: 'This event' })).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((await outbox()).map((w) => w.name)).toEqual(['event.create']);
  });

  it('deletes with the scope question through event.deleteOccurrence', async () => {
    await mutate(db, 'event.create', { id: 's1', ...SERIES });
    const { user, onClose } = renderDialog(target);
    await user.click(within(await screen.findByRole('dialog', { name: 'Standup' })).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete recurring event' });
    await user.click(within(ask).getByRole('button', { name: 'This and following events' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await lastWrite()).toEqual({ name: 'event.deleteOccurrence', args: { id: 's1', originalStart: '2025-03-17T09:00', scope: 'following' } });
  });
});
