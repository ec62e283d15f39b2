import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { useHabits } from '../data/queries';
import type { UserPrefs } from '../../../lib/use-prefs';
import { eachTestDb, installDomStandIns, localToday, renderWithI18n, seed } from '../../../test/kit';
import { HabitFormDialog, type HabitFormTarget } from './habit-form-dialog';

let db: AppDatabase;
beforeEach(() => {
  installDomStandIns();
});
eachTestDb((opened) => (db = opened));

const prefs: UserPrefs = { timeZone: 'UTC', weekStartDay: 1, clockMode: '24h', locale: 'en' };

function Harness({ target, onClose }: { target: HabitFormTarget; onClose(): void }) {
  const habits = useHabits();
  const [open, setOpen] = useState(true);
  if (!habits || !open) return null;
  return (
    <HabitFormDialog
      target={target}
      habit={target.mode === 'create' ? undefined : habits.find((h) => h.id === target.id)}
      prefs={prefs}
      today={localToday()}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
    />
  );
}

async function renderForm(target: HabitFormTarget) {
  const onClose = vi.fn();
  renderWithI18n(<Harness target={target} onClose={onClose} />);
  const dialog = await screen.findByTestId('habit-form');
  return { onClose, dialog, user: userEvent.setup() };
}

describe('HabitFormDialog validation (SPEC section 5)', () => {
  it('shows every rule message and saves nothing until they are fixed', async () => {
    const { dialog, user, onClose } = await renderForm({ mode: 'create' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.click(save);
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Gym');

    await user.click(within(dialog).getByRole('radio', { name: 'Days of week' }));
    expect(within(dialog).getByText('Please select at least one day')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Monday' }));
    expect(within(dialog).queryByText('Please select at least one day')).toBeNull();
    expect(save.disabled).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Every N days' }));
    const interval = within(dialog).getByLabelText('Every how many days');
    await user.clear(interval);
    await user.click(save);
    expect(within(dialog).getByText('Please enter a valid interval (1 or more days)')).toBeTruthy();
    await user.type(interval, '400');
    expect(within(dialog).getByText('Please enter a valid interval (1 or more days)')).toBeTruthy();
    await user.clear(interval);
    await user.type(interval, '3');
    expect(within(dialog).queryByText('Please enter a valid interval (1 or more days)')).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'Time of day' }));
    await user.click(await screen.findByRole('option', { name: 'Custom time' }));
    await user.click(save);
    expect(within(dialog).getByText('Please enter a custom time')).toBeTruthy();
    expect(await db.habits.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Time of day' }));
    await user.click(await screen.findByRole('option', { name: 'Evening' }));
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [row] = await db.habits.toArray();
    expect(row!.data).toMatchObject({ title: 'Gym', frequency: 'custom', customFrequency: { type: 'interval', interval: 3 }, startDate: localToday(), timeOfDay: 'evening', customTime: null, isActive: true });
  });

  it('clears the custom rule when switching back to daily', async () => {
    const { dialog, user, onClose } = await renderForm({ mode: 'create' });
    await user.type(within(dialog).getByLabelText('Title'), 'Walk');
    await user.click(within(dialog).getByRole('radio', { name: 'Days of week' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.habits.toArray())[0]!.data).toMatchObject({ frequency: 'daily', customFrequency: null });
  });

  it('fills the form from a preset', async () => {
    const { dialog, user } = await renderForm({ mode: 'create' });
    await user.click(within(dialog).getByRole('button', { name: 'Work out' }));
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Work out');
    expect(within(dialog).getByRole('radio', { name: 'Days of week' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Wednesday' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks before discarding changes, shows the active switch only when editing, and views read-only', async () => {
    await seed(db, 'habit', 'h', { title: 'Floss' });
    const { dialog, user, onClose } = await renderForm({ mode: 'view', id: 'h' });
    expect(within(dialog).queryByText('Active')).toBeNull();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).readOnly).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(dialog).getByText('Active')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), ' daily');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard changes?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.habits.get('h'))!.data.title).toBe('Floss daily');
  });

  it('stays open when the save fails', async () => {
    const { dialog, user, onClose } = await renderForm({ mode: 'create' });
    await user.type(within(dialog).getByLabelText('Title'), 'Sleep early');
    db.close();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Couldn’t save the habit. Please try again.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await db.open();
  });
});

describe('IconPickerDialog', () => {
  it('searches names and keywords, filters by tab and shows the two empty messages', async () => {
    const { dialog, user } = await renderForm({ mode: 'create' });
    await user.click(within(dialog).getByRole('button', { name: /^Icon:/ }));
    const picker = await screen.findByTestId('icon-picker');
    const search = within(picker).getByPlaceholderText('Search icons or keywords');
    await waitFor(() => expect(within(picker).getByRole('button', { name: 'mdi-run' })).toBeTruthy());
    await user.type(search, 'hydrate');
    expect(within(picker).getByRole('button', { name: 'mdi-water' })).toBeTruthy();
    expect(within(picker).queryByRole('button', { name: 'mdi-run' })).toBeNull();
    await user.click(within(picker).getByRole('tab', { name: 'Mind & Learning' }));
    expect(within(picker).getByText('No icons found matching your search in this category.')).toBeTruthy();
    await user.click(within(picker).getByRole('tab', { name: 'All Icons' }));
    await user.clear(search);
    await user.type(search, 'zzzz');
    expect(within(picker).getByText('No icons found matching your search.')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'yoga');
    await user.click(within(picker).getByRole('button', { name: 'mdi-yoga' }));
    await waitFor(() => expect(screen.queryByTestId('icon-picker')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Icon: mdi-yoga' })).toBeTruthy();
  });
});
