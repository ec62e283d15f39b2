import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as sync from '../../db/sync';
import { activateEnglish, renderWithI18n } from '../../test/kit';
import { apiError, mockApi } from '../../test/screens';
import { CalendarFeedSection } from './calendar-feed-section';

const FEED_URL = `https://todo.example.org/ics/${'a'.repeat(43)}.ics`;
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

beforeEach(() => {
  activateEnglish();
  localStorage.setItem('auth_token', 'token-a');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const pickFile = async (text: string) =>
  userEvent.upload(screen.getByLabelText('Calendar file to import'), new File([text], 'work.ics', { type: 'text/calendar' }));

describe('the Calendar feed section', () => {
  it('creates a feed link, copies it, and revokes it after a confirmation', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const api = mockApi({
      'GET /api/calendar-feed': { body: { active: false, createdAt: null } },
      'POST /api/calendar-feed': { body: { url: FEED_URL } },
      'DELETE /api/calendar-feed': { body: { success: true } },
    });
    renderWithI18n(<CalendarFeedSection />);
    expect(screen.getByText(/from Google Calendar, Apple Calendar or Outlook/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Create feed link' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Feed link' });
    expect(field.value).toBe(FEED_URL);
    expect(field.readOnly).toBe(true);
    expect(api.called('POST /api/calendar-feed')[0]!.headers.authorization).toBe('Bearer token-a');

    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Calendar apps subscribed to it stop getting your events.')).toBeTruthy();
    expect(api.called('DELETE /api/calendar-feed')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.called('DELETE /api/calendar-feed')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Feed link' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Create feed link' })).toBeTruthy();
  });

  it('says when an active link exists that can no longer be shown', async () => {
    mockApi({ 'GET /api/calendar-feed': { body: { active: true, createdAt: '2026-03-04T10:00:00.000Z' } } });
    renderWithI18n(<CalendarFeedSection />);
    expect(await screen.findByText(/A feed link made on Mar 4, 2026 is active\. It is shown only once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it('imports a file as text/calendar, shows the counts in a sentence and syncs', async () => {
    const syncNow = vi.spyOn(sync.engine, 'syncNow').mockResolvedValue(undefined as never);
    const api = mockApi({
      'GET /api/calendar-feed': { body: { active: false, createdAt: null } },
      'POST /api/events/ics': { body: { imported: 3, updated: 1, skipped: 2 } },
    });
    renderWithI18n(<CalendarFeedSection />);
    await pickFile(ICS);
    expect(await screen.findByText('New events: 3, updated: 1, skipped (unchanged or not supported): 2.')).toBeTruthy();
    const call = api.called('POST /api/events/ics')[0]!;
    expect(call.headers['content-type']).toBe('text/calendar');
    await waitFor(() => expect(syncNow).toHaveBeenCalled());
  });

  it('shows a refused file, a failure and a lost connection in words', async () => {
    let reply: ReturnType<typeof apiError> | 'network' = apiError(400, 'VALIDATION', 'file: The file is not an iCalendar (.ics) file');
    mockApi({ 'GET /api/calendar-feed': { body: { active: false, createdAt: null } }, 'POST /api/events/ics': () => reply });
    renderWithI18n(<CalendarFeedSection />);
    await pickFile('hello');
    expect(await screen.findByText('This file is not a calendar (.ics) file that can be read. Nothing was imported.')).toBeTruthy();
    reply = 'network';
    await pickFile(ICS);
    expect(await screen.findByText(/This needs a connection to the server/)).toBeTruthy();
    reply = apiError(500, 'INTERNAL', 'x');
    await pickFile(ICS);
    expect(await screen.findByText('Something went wrong. Nothing was changed; please try again later.')).toBeTruthy();
  });

  it('downloads the events as calendar.ics', async () => {
    const createObjectURL = vi.fn(() => 'blob:calendar');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const api = mockApi({ 'GET /api/calendar-feed': { body: { active: false, createdAt: null } }, 'GET /api/events/ics': { body: ICS } });
    renderWithI18n(<CalendarFeedSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Download .ics' }));
    expect(await screen.findByText('The file is ready in your downloads.')).toBeTruthy();
    expect(clicked).toEqual(['calendar.ics']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.called('GET /api/events/ics')[0]!.headers.authorization).toBe('Bearer token-a');
  });

  it('offline, says it needs a connection and offers nothing that would fail', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({});
    renderWithI18n(<CalendarFeedSection />);
    expect(screen.getByText('Calendar files and the feed need a connection to the server. You are offline.')).toBeTruthy();
    for (const name of ['Create feed link', 'Download .ics', 'Import .ics…']) expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled, name).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});
