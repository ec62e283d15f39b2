import { addDays, weekdayOf } from '@adhd/shared/time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { formatDayLabel, formatLongDate } from '../../lib/dates';
import { HabitsScreen } from './habits-screen';
import { eachTestDb, installDomStandIns, localToday, renderWithI18n, seed } from '../../test/kit';
import { dayStatus } from './testing';

let db: AppDatabase;
beforeEach(() => {
  installDomStandIns();
  window.history.replaceState(null, '', '/habits');
  localStorage.clear();
});
eachTestDb((opened) => (db = opened));

const rowOf = (title: string) =>
  waitFor(() => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="habit-row"]')].find((r) => r.textContent?.includes(title));
    // The strip shows once the habit's days have been read (a placeholder before).
    if (!row || !row.querySelector('[role="group"]')) throw new Error(`No row ${title} with its days`);
    return row;
  });
const stripCell = (row: HTMLElement, date: string) => within(row).getByRole('button', { name: new RegExp(`^${formatDayLabel(date, 'en')}:`) });

describe('HabitsScreen: the list row', () => {
  it('cycles a day empty → complete → miss → skip → empty, and shows streaks', async () => {
    const today = localToday();
    const yesterday = addDays(today, -1);
    await seed(db, 'habit', 'h1', { title: 'Stretch', startDate: addDays(today, -20) });
    renderWithI18n(<HabitsScreen />);
    const user = userEvent.setup();
    const row = await rowOf('Stretch');
    expect(within(row).getByText('Daily')).toBeTruthy();
    expect(within(row).getByText('Anytime')).toBeTruthy();
    expect(within(within(row).getByRole('group', { name: /^Last 14 days/ })).getAllByRole('button')).toHaveLength(14);
    for (const expected of ['complete', 'miss', 'skip', 'empty', 'complete']) {
      await user.click(stripCell(row, yesterday));
      await waitFor(async () => expect(await dayStatus(db, 'h1', yesterday)).toBe(expected));
    }
    await user.click(stripCell(row, today));
    await waitFor(async () => expect(await dayStatus(db, 'h1', today)).toBe('complete'));
    await waitFor(() => expect(within(row).getByText('Current streak:').parentElement?.textContent).toBe('Current streak: 2'));
    expect((await db._outbox.toArray()).map((m) => m.name).filter((n) => n === 'habit.setDay')).toHaveLength(6);
  });

  it('makes unscheduled days inactive and never offers a future day', async () => {
    const today = localToday();
    await seed(db, 'habit', 'h2', { title: 'Only today’s weekday', frequency: 'custom', customFrequency: { type: 'days', days: [weekdayOf(today)] }, startDate: addDays(today, -30) });
    renderWithI18n(<HabitsScreen />);
    const row = await rowOf('Only today’s weekday');
    const yesterday = stripCell(row, addDays(today, -1)) as HTMLButtonElement;
    expect(yesterday.disabled).toBe(true);
    expect(yesterday.getAttribute('aria-label')).toMatch(/not scheduled$/);
    expect((stripCell(row, addDays(today, -7)) as HTMLButtonElement).disabled).toBe(false);
    expect(within(row).queryByRole('button', { name: new RegExp(`^${formatDayLabel(addDays(today, 1), 'en')}`) })).toBeNull();
    await userEvent.setup().click(yesterday);
    expect(await dayStatus(db, 'h2', addDays(today, -1))).toBe('empty');
  });

  it('marks a pending habit whose time has come as due now ("time yet")', async () => {
    const today = localToday();
    await seed(db, 'habit', 'due', { title: 'Anytime habit', startDate: today });
    await seed(db, 'habit', 'done', { title: 'Done habit', startDate: today });
    await seed(db, 'habit', 'off', { title: 'Paused habit', startDate: today, isActive: false });
    renderWithI18n(<HabitsScreen />);
    const due = await rowOf('Anytime habit');
    expect(within(due).getByText('Anytime').getAttribute('data-due')).toBe('true');
    const done = await rowOf('Done habit');
    await userEvent.setup().click(stripCell(done, today));
    await waitFor(() => expect(within(done).getByText('Anytime').getAttribute('data-due')).toBeNull());
    expect(within(await rowOf('Paused habit')).getByText('Anytime').getAttribute('data-due')).toBeNull();
  });

  it('sorts by time of day, pending today or anti-streak', async () => {
    const today = localToday();
    await seed(db, 'habit', 'a', { title: 'Evening walk', timeOfDay: 'evening', startDate: addDays(today, -2) });
    await seed(db, 'habit', 'b', { title: 'Morning pages', timeOfDay: 'morning', startDate: today });
    renderWithI18n(<HabitsScreen />);
    await rowOf('Morning pages');
    const titles = () => [...document.querySelectorAll('[data-testid="habit-row"]')].map((r) => r.getAttribute('data-habit-id'));
    expect(titles()).toEqual(['b', 'a']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Anti-streak' }));
    await waitFor(() => expect(titles()).toEqual(['a', 'b']));
  });
});

describe('HabitsScreen: details', () => {
  it('opens full screen from ?id, toggles Complete today and cycles days in the year view', async () => {
    const today = localToday();
    await seed(db, 'habit', 'h3', { title: 'Read', description: 'Ten pages', startDate: addDays(today, -40) });
    window.history.replaceState(null, '', '/habits?id=h3');
    renderWithI18n(<HabitsScreen />);
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('habit-details');
    expect(within(dialog).getByText('Ten pages')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Complete today' }));
    await waitFor(async () => expect(await dayStatus(db, 'h3', today)).toBe('complete'));
    expect(within(dialog).getByRole('button', { name: 'Completed today' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Year' }));
    const yearView = within(dialog).getByTestId('year-view');
    const day = addDays(today, -1);
    const cell = () => within(yearView).getByRole('button', { name: new RegExp(`^${formatLongDate(day, 'en')}:`) });
    for (const expected of ['complete', 'miss', 'skip', 'complete']) {
      await user.click(cell());
      await waitFor(async () => expect(await dayStatus(db, 'h3', day)).toBe(expected));
    }
    const tomorrow = addDays(today, 1);
    if (tomorrow.slice(0, 4) === today.slice(0, 4)) {
      const future = within(yearView).getByRole('button', { name: new RegExp(`^${formatLongDate(tomorrow, 'en')}:`) }) as HTMLButtonElement;
      expect(future.disabled).toBe(true);
    }
    expect((within(dialog).getByRole('button', { name: 'Next year' }) as HTMLButtonElement).disabled).toBe(true);
    const prev = within(dialog).getByRole('button', { name: 'Previous year' }) as HTMLButtonElement;
    const year = Number(today.slice(0, 4));
    for (let y = year; y > 2020; y--) await user.click(prev);
    expect(within(dialog).getByTestId('history-year').textContent).toBe('2020');
    expect(prev.disabled).toBe(true);
  });
});
