import { addDays } from '@adhd/shared/time';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { liveEntity } from '../../db/live-entities';
import { mutate } from '../../db/mutate';
import { eachTestDb, installDomStandIns, localToday, renderWithI18n, seed } from '../../test/kit';
import { CalendarScreen } from './calendar-screen';
import { rangeTitle, visibleRange } from './logic/views';

let db: AppDatabase;
beforeEach(() => {
  installDomStandIns();
  window.history.replaceState(null, '', '/calendar');
  localStorage.clear();
});
eachTestDb((opened) => (db = opened));
// The habits' days are read after the habits painted: let that read end before the database closes.
afterEach(() => liveEntity(db, 'habitDay').settled());

const entry = (title: string) =>
  waitFor(() => {
    const el = [...document.querySelectorAll<HTMLElement>('[data-testid="calendar-event"]')].find((e) => e.textContent?.includes(title));
    if (!el) throw new Error(`No calendar entry ${title}`);
    return el;
  });
// FullCalendar keeps events hidden until it has measured them, which jsdom never does: queries inside events
// take `hidden: true` (the browser e2e test sees them as a person does).
// (and the accessible-name computation gives such hidden elements no name: the label is matched as given).
const tick = (label: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('checkbox', { hidden: true }).find((e) => e.getAttribute('aria-label') === label);
    if (!found) throw new Error(`No checkbox ${label}`);
    return found;
  });
const title = () => screen.getByTestId('calendar-title').textContent;

describe('CalendarScreen', () => {
  it('shows the month with tasks due in it; its tick completes the task', async () => {
    const today = localToday();
    await seed(db, 'task', 't1', { title: 'Pay rent', dueDate: today });
    await seed(db, 'task', 't2', { title: 'Far away', dueDate: addDays(today, 400) });
    renderWithI18n(<CalendarScreen />);
    await entry('Pay rent');
    expect(document.body.textContent).not.toContain('Far away');
    expect(title()).toBe(rangeTitle('month', today, visibleRange('month', today, 0, 3), 'en'));
    await userEvent.setup().click(await tick('Complete task: Pay rent'));
    await waitFor(async () => expect((await db.tasks.get('t1'))?.data.completed).toBe(true));
    await waitFor(async () => expect((await entry('Pay rent')).getAttribute('data-done')).toBe('true'));
  });

  it('switches views, remembers the view and the day count, and steps through dates', async () => {
    const today = localToday();
    renderWithI18n(<CalendarScreen />);
    const user = userEvent.setup();
    await screen.findByTestId('calendar-toolbar');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(title()).toBe(rangeTitle('week', today, visibleRange('week', today, 0, 3), 'en', today));
    expect(localStorage.getItem('calendar_view')).toBe('week');
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(title()).toBe(rangeTitle('day', today, visibleRange('day', today, 0, 3), 'en'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe(rangeTitle('day', addDays(today, 1), visibleRange('day', addDays(today, 1), 0, 3), 'en'));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(title()).toBe(rangeTitle('day', today, visibleRange('day', today, 0, 3), 'en'));
    await user.click(screen.getByRole('button', { name: 'Days' }));
    expect(title()).toBe(rangeTitle('days', today, visibleRange('days', today, 0, 3), 'en', today));
    expect(screen.getByRole('combobox', { name: 'Number of days' }).textContent).toContain('3 days');
    expect(localStorage.getItem('calendar_view')).toBe('days');
  });

  it('shows today’s scheduled habits in the day view; the tick completes today', async () => {
    const today = localToday();
    await seed(db, 'habit', 'h1', { title: 'Stretch', startDate: addDays(today, -3) });
    await seed(db, 'habit', 'h2', { title: 'Paused', startDate: addDays(today, -3), isActive: false });
    localStorage.setItem('calendar_view', 'day');
    renderWithI18n(<CalendarScreen />);
    await entry('Stretch');
    expect(document.body.textContent).not.toContain('Paused');
    // Its entry is made again once the habit's days are read (its done state comes from them).
    await liveEntity(db, 'habitDay').settled();
    await userEvent.setup().click(await tick('Done today: Stretch'));
    await waitFor(async () => {
      const days = await db.habitDays.where('parentId').equals('h1').toArray();
      expect(days.map((d) => [d.data.date, d.data.status])).toEqual([[today, 'complete']]);
    });
  });

  it('shows events and every occurrence of a series in the month; ?id moves to that event’s month', async () => {
    const today = localToday();
    const first = `${today.slice(0, 8)}01`;
    await mutate(db, 'event.create', { id: 'e1', title: 'Weekly review', startDate: first, startTime: '09:00', endTime: '09:30', recurrence: 'FREQ=WEEKLY' });
    await mutate(db, 'event.create', { id: 'e2', title: 'Trip', startDate: addDays(first, 100), allDay: true });
    renderWithI18n(<CalendarScreen />);
    await entry('Weekly review');
    const range = visibleRange('month', first, 0, 3);
    const weeks = document.querySelectorAll('[data-testid="calendar-event"][data-kind="event"]');
    // Weekly from the 1st: every week of the grid from the 1st on (5 or 6 of the 6 weeks).
    expect(weeks.length).toBe(Math.floor((Date.parse(range.to) - Date.parse(first)) / (7 * 86_400_000)) + 1);
    expect(document.body.textContent).not.toContain('Trip');

    window.history.replaceState(null, '', '/calendar?id=e2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await entry('Trip');
    expect(title()).toBe(rangeTitle('month', addDays(first, 100), visibleRange('month', addDays(first, 100), 0, 3), 'en'));
    // …and opens it in the event dialog.
    expect((await screen.findByRole('dialog')).textContent).toContain('Trip');
  });

  it('says how to add an event when the month is empty', async () => {
    renderWithI18n(<CalendarScreen />);
    expect(await screen.findByText('Nothing planned this month')).toBeTruthy();
    expect(screen.getByText(/Click a day to add an event/)).toBeTruthy();
  });
});
