import { addDays, weekdayOf } from '@adhd/shared/time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { mutate } from '../../db/mutate';
import { formatMediumDate, presetDate } from '../../lib/dates';
import { eachTestDb, installDomStandIns, localToday, renderWithI18n, seed } from '../../test/kit';
import { DashboardScreen } from './dashboard-screen';

let db: AppDatabase;
beforeEach(() => {
  installDomStandIns();
  // 10:30 local time: morning habits are due ("time yet"), evening ones are later.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 11, 10, 30));
  window.history.replaceState(null, '', '/dashboard');
});
afterEach(() => vi.useRealTimers());
eachTestDb((opened) => (db = opened));

const section = (name: RegExp) => screen.findByRole('region', { name });
const taskIds = () => [...document.querySelectorAll('[data-dashboard-task]')].map((r) => `${r.getAttribute('data-task-id')}:${r.getAttribute('data-dashboard-task')}`);
const stored = async (id: string) => (await db.tasks.get(id))?.data as { dueDate: string | null; startDate: string | null; completed: boolean } | undefined;

describe('DashboardScreen: tasks actual today', () => {
  it('lists overdue (with the day count), then due today, then started; completed and future tasks are left out', async () => {
    const today = localToday();
    await seed(db, 'task', 'late', { title: 'Send the form', dueDate: addDays(today, -3) });
    await seed(db, 'task', 'today', { title: 'Call the bank', dueDate: today, time: '14:00' });
    await seed(db, 'task', 'started', { title: 'Write the report', startDate: addDays(today, -1), dueDate: addDays(today, 4) });
    await seed(db, 'task', 'done', { title: 'Old done', dueDate: addDays(today, -2), completed: true });
    await seed(db, 'task', 'future', { title: 'Later thing', startDate: addDays(today, 2), dueDate: addDays(today, 5) });
    await seed(db, 'task', 'nodate', { title: 'Someday' });
    renderWithI18n(<DashboardScreen />);
    const tasks = await section(/Tasks for today/);
    await waitFor(() => expect(taskIds()).toEqual(['late:overdue', 'today:today', 'started:started']));
    const late = tasks.querySelector<HTMLElement>('[data-task-id="late"]')!;
    expect(within(late).getByTestId('days-overdue').textContent).toBe('3 days overdue');
    expect(within(late).getByText(`Due ${formatMediumDate(addDays(today, -3), 'en')}`)).toBeTruthy();
    const started = tasks.querySelector<HTMLElement>('[data-task-id="started"]')!;
    expect(within(started).getByText('Starts Yesterday')).toBeTruthy();
    expect(within(started).queryByTestId('days-overdue')).toBeNull();
    expect(within(tasks.querySelector<HTMLElement>('[data-task-id="today"]')!).getByText('Due Today')).toBeTruthy();
    expect(within(tasks).getByRole('link', { name: 'Send the form' }).getAttribute('href')).toBe('/tasks?id=late');
    expect(within(tasks).getByRole('link', { name: /Tasks for today/ }).getAttribute('href')).toBe('/tasks');
    expect(screen.queryByText('Old done')).toBeNull();
    expect(screen.queryByText('Later thing')).toBeNull();
  });

  it('completes a task with its checkbox: stored, and the row stays struck through for this visit', async () => {
    const today = localToday();
    await seed(db, 'task', 't1', { title: 'Pay rent', dueDate: today });
    renderWithI18n(<DashboardScreen />);
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Mark as done: Pay rent' }));
    await waitFor(async () => expect((await stored('t1'))?.completed).toBe(true));
    expect(screen.getByRole('checkbox', { name: 'Mark as not done: Pay rent' }).getAttribute('aria-checked')).toBe('true');
    expect((await db._outbox.toArray()).map((m) => m.name)).toContain('task.update');
  });

  it('postpones from the menu: due to tomorrow and start by as many days (the span kept)', async () => {
    const today = localToday();
    await seed(db, 'task', 'p1', { title: 'Tidy the desk', startDate: addDays(today, -2), dueDate: addDays(today, -1) });
    await seed(db, 'task', 'p2', { title: 'Only started', startDate: addDays(today, -1) });
    renderWithI18n(<DashboardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Postpone: Tidy the desk' }));
    await user.click(within(await screen.findByTestId('postpone-menu')).getByRole('button', { name: /^Tomorrow/ }));
    await waitFor(async () => expect(await stored('p1')).toMatchObject({ dueDate: addDays(today, 1), startDate: today }));
    // Its start moved to today: no longer overdue, still started (start on or before today), after p2's earlier start.
    await waitFor(() => expect(taskIds()).toEqual(['p2:started', 'p1:started']));
    await user.click(screen.getByRole('button', { name: 'Postpone: Only started' }));
    const nextWeek = presetDate('nextWeek', today, 0);
    await user.click(within(await screen.findByTestId('postpone-menu')).getByRole('button', { name: /^Next week/ }));
    await waitFor(async () => expect(await stored('p2')).toMatchObject({ startDate: nextWeek, dueDate: null }));
  });

  it('postpones to a date picked in the date picker, with its presets', async () => {
    const today = localToday();
    await seed(db, 'task', 'p3', { title: 'Book tickets', dueDate: today });
    renderWithI18n(<DashboardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Postpone: Book tickets' }));
    await user.click(within(await screen.findByTestId('postpone-menu')).getByRole('button', { name: /Pick a date/ }));
    await user.click(within(await screen.findByRole('group', { name: 'Quick dates' })).getByRole('button', { name: 'Next month' }));
    await waitFor(async () => expect((await stored('p3'))?.dueDate).toBe(presetDate('nextMonth', today, 0)));
  });
});

describe('DashboardScreen: habits, notes, events', () => {
  it("shows only today's active habits in time-of-day order, the later ones marked, and completes one with a click", async () => {
    const today = localToday();
    const since = addDays(today, -10);
    await seed(db, 'habit', 'eve', { title: 'Evening walk', timeOfDay: 'evening', startDate: since });
    await seed(db, 'habit', 'any', { title: 'Drink water', timeOfDay: 'anytime', startDate: since });
    await seed(db, 'habit', 'morn', { title: 'Morning pages', timeOfDay: 'morning', startDate: since });
    await seed(db, 'habit', 'other', { title: 'Not today', frequency: 'custom', customFrequency: { type: 'days', days: [(weekdayOf(today) + 1) % 7] }, startDate: since });
    await seed(db, 'habit', 'off', { title: 'Paused', isActive: false, startDate: since });
    await mutate(db, 'habit.setDay', { habitId: 'morn', date: addDays(today, -1), status: 'complete' });
    renderWithI18n(<DashboardScreen />);
    const habits = await section(/Today's habits/);
    const ids = () => [...habits.querySelectorAll('[data-dashboard-habit]')].map((r) => r.getAttribute('data-dashboard-habit'));
    await waitFor(() => expect(ids()).toEqual(['any', 'morn', 'eve']));
    expect(habits.querySelector('[data-dashboard-habit="eve"]')!.getAttribute('data-later')).toBe('true');
    expect(habits.querySelector('[data-dashboard-habit="morn"]')!.getAttribute('data-later')).toBeNull();
    expect(within(habits).getByText('Later')).toBeTruthy();
    const morning = habits.querySelector<HTMLElement>('[data-dashboard-habit="morn"]')!;
    await waitFor(() => expect(within(morning).getByTitle('Current streak').textContent).toBe('Current streak: 1'));
    await userEvent.setup().click(within(morning).getByRole('checkbox', { name: 'Complete today: Morning pages' }));
    await waitFor(async () => {
      const days = await db.habitDays.where('parentId').equals('morn').toArray();
      expect(days.some((d) => d.deleted === 0 && d.data.date === today && d.data.status === 'complete')).toBe(true);
    });
    await waitFor(() => expect(within(morning).getByTitle('Current streak').textContent).toBe('Current streak: 2'));
    expect(screen.queryByText('Not today')).toBeNull();
    expect(screen.queryByText('Paused')).toBeNull();
  });

  it('shows pinned notes as cards opening the editor, and leaves unpinned ones out', async () => {
    await seed(db, 'note', 'n1', { title: 'Shopping', content: '# List\n\n- **milk**\n- bread', pinned: true, color: '#ff0000' });
    await seed(db, 'note', 'n2', { title: 'Unpinned idea', content: 'Body' });
    renderWithI18n(<DashboardScreen />);
    const notes = await section(/Pinned notes/);
    const card = await within(notes).findByRole('link', { name: /Shopping/ });
    expect(card.getAttribute('href')).toBe('/notes?id=n1');
    expect(card.textContent).toContain('List milk bread');
    expect(screen.queryByText('Unpinned idea')).toBeNull();
  });

  it('lists the events of the next 7 days by day, recurring ones expanded, and nothing beyond', async () => {
    const today = localToday();
    await mutate(db, 'event.create', { id: 'e1', title: 'Standup', startDate: addDays(today, -14), startTime: '09:00', endTime: '09:15', recurrence: 'FREQ=WEEKLY' });
    await mutate(db, 'event.create', { id: 'e2', title: 'Dentist', startDate: addDays(today, 2), allDay: true });
    await mutate(db, 'event.create', { id: 'e3', title: 'Far trip', startDate: addDays(today, 7), allDay: true });
    renderWithI18n(<DashboardScreen />);
    const events = await section(/Upcoming events/);
    await waitFor(() => expect(within(events).getByRole('link', { name: /Dentist/ }).getAttribute('href')).toBe('/calendar?id=e2'));
    const days = [...events.querySelectorAll('[data-dashboard-day]')].map((d) => d.getAttribute('data-dashboard-day'));
    expect(days).toEqual([today, addDays(today, 2)]);
    expect(within(events.querySelector<HTMLElement>(`[data-dashboard-day="${today}"]`)!).getByText('Standup')).toBeTruthy();
    expect(within(events).getByText('Today')).toBeTruthy();
    expect(screen.queryByText('Far trip')).toBeNull();
  });
});

describe('DashboardScreen: capture and the empty state', () => {
  it('shows a new user what to do first, and stores a captured thought in the inbox with Enter', async () => {
    renderWithI18n(<DashboardScreen />);
    expect(await screen.findByTestId('dashboard-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a first task' }).getAttribute('href')).toBe('/tasks');
    expect(screen.getByRole('link', { name: 'Add a first habit' }).getAttribute('href')).toBe('/habits');
    const field = screen.getByRole('textbox', { name: 'Capture a thought' });
    const user = userEvent.setup();
    await user.type(field, 'Buy a birthday card{Enter}');
    await waitFor(async () => expect((await db.inbox.toArray()).map((r) => r.data.text)).toEqual(['Buy a birthday card']));
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(await screen.findByText('Saved to Inbox')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Inbox' }).getAttribute('href')).toBe('/inbox');
  });

  it('collapses a section with nothing in it to one calm line', async () => {
    await seed(db, 'note', 'n1', { title: 'Pinned', pinned: true });
    renderWithI18n(<DashboardScreen />);
    await section(/Pinned notes/);
    expect(screen.getByText('Nothing due or started today. Enjoy the space.')).toBeTruthy();
    expect(screen.getByText('No habits yet. One tiny daily habit is a good start.')).toBeTruthy();
    expect(screen.getByText('Nothing in the calendar for the next 7 days.')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();
  });
});
