import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoogleCalendarItem, GoogleCalendarStatus } from '@adhd/shared/google/types';
import { useFlash } from '../../../lib/flash';
import { authStore } from '../../../session/auth-store';
import { apiError, mockApi, renderScreen, testUser } from '../../../test/screens';
import { GoogleCalendarPanel, GoogleToolbarButton, useGoogleConnection } from './google-calendar';
import { googleNav, resetGoogleState } from './store';

const NOT_CONNECTED: GoogleCalendarStatus = { available: true, connected: false, message: null, lastSyncAt: null };
const CONNECTED: GoogleCalendarStatus = { available: true, connected: true, message: null, lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString() };
const cal = (id: string, summary: string, visible: boolean, color: string | null): GoogleCalendarItem => ({ id, summary, visible, color, description: null, location: null, htmlLink: null, primary: id === 'primary' });
const CALENDARS = [cal('primary', 'Ada', true, '#0b8043'), cal('team', 'Team', true, null), cal('holidays', 'Holidays', false, '#e67c73')];

/** The calendar screen's Google pieces as the screen places them, and the layout's toast. */
function Harness() {
  useGoogleConnection();
  const [open, setOpen] = useState(false);
  const toast = useFlash();
  return (
    <>
      <GoogleToolbarButton open={open} onToggle={() => setOpen((o) => !o)} panelId="gp" />
      <GoogleCalendarPanel open={open} id="gp" onClose={() => setOpen(false)} />
      <p data-testid="toast">{toast?.message}</p>
    </>
  );
}

const toast = () => screen.getByTestId('toast');
const online = vi.fn(() => true);
const connectedApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ 'GET /api/google/calendar/status': { body: CONNECTED }, 'GET /api/google/calendar/calendars': { body: { calendars: CALENDARS } }, ...extra });

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'Google' }));
  return screen.findByTestId('google-panel');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-a');
  authStore.set({ user: testUser(), authenticated: true, loading: false, error: null });
  resetGoogleState();
  online.mockReturnValue(true);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(online);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

describe('the calendar screen’s Google Calendar', () => {
  it('keeps one quiet icon in the toolbar that says the server does not offer Google Calendar', async () => {
    const api = mockApi({ 'GET /api/google/calendar/status': { body: { ...NOT_CONNECTED, available: false } } });
    renderScreen(<Harness />, '/calendar');
    await waitFor(() => expect(api.called('GET /api/google/calendar/status')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Google Calendar' }));
    await waitFor(() => expect(toast().textContent).toBe('Google Calendar is not available on this server.'));
    expect(api.called('GET /api/google/calendar/auth')).toHaveLength(0);
  });

  it('connects in one tap: asks the authorisation address and goes there', async () => {
    const go = vi.spyOn(googleNav, 'go').mockImplementation(() => undefined);
    const api = mockApi({ 'GET /api/google/calendar/status': { body: NOT_CONNECTED }, 'GET /api/google/calendar/auth': { body: { authUrl: 'https://accounts.example/auth?x=1' } } });
    renderScreen(<Harness />, '/calendar');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    // Reads carry the session, a cache-busting parameter and give up after 10 s.
    const call = api.called('GET /api/google/calendar/auth')[0]!;
    expect(call.headers.authorization).toBe('Bearer token-a');
    expect(call.url.searchParams.get('_')).toMatch(/^\d+$/);
  });

  it('says when the authorisation address could not be had, and that the server no longer offers it', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: NOT_CONNECTED }, 'GET /api/google/calendar/auth': apiError(500, 'INTERNAL', 'boom') });
    renderScreen(<Harness />, '/calendar');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() => expect(toast().textContent).toBe('Failed to get authorization URL'));
  });

  it('offline: the connect button waits, saying why, and wakes when back online', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: NOT_CONNECTED } });
    renderScreen(<Harness />, '/calendar');
    const button = await screen.findByRole('button', { name: 'Connect Google Calendar' });
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('title')).toBe("Connect when you're online");
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(button).toHaveProperty('disabled', false);
  });

  it('connected: the panel lists the calendars with their colours (Google blue by default) and their switches', async () => {
    const api = connectedApi({ 'POST /api/google/calendar/visibility': (body) => ({ body: { calendar: { ...CALENDARS[2], visible: (body as { visible: boolean }).visible } } }) });
    renderScreen(<Harness />, '/calendar');
    const panel = await openPanel();
    const list = within(panel).getByRole('list', { name: 'Google calendars' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ada', 'Team', 'Holidays']);
    const colours = within(list).getAllByTestId('google-calendar-color').map((d) => d.style.background);
    expect(colours).toEqual(['rgb(11, 128, 67)', 'rgb(66, 133, 244)', 'rgb(230, 124, 115)']);
    expect(within(panel).getByText('Last synced 5 minutes ago')).toBeTruthy();
    const holidays = within(list).getByRole('switch', { name: 'Holidays' });
    expect(holidays.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(holidays);
    expect(api.called('POST /api/google/calendar/visibility')[0]!.body).toEqual({ calendarId: 'holidays', visible: true });
    await waitFor(() => expect(holidays.getAttribute('aria-checked')).toBe('true'));
  });

  it('a visibility change the server refuses is undone, with the spec’s message', async () => {
    connectedApi({ 'POST /api/google/calendar/visibility': apiError(502, 'GOOGLE_UNAVAILABLE_UPSTREAM', 'Google did not answer; try again in a minute') });
    renderScreen(<Harness />, '/calendar');
    const team = within(await openPanel()).getByRole('switch', { name: 'Team' });
    await userEvent.click(team);
    await waitFor(() => expect(toast().textContent).toBe('Failed to update calendar visibility'));
    expect(team.getAttribute('aria-checked')).toBe('true');
  });

  it('Sync now: the visible calendars over one month either side; the spec’s three results', async () => {
    let reply: { status?: number; body?: unknown } = { body: { savedEvents: 3 } };
    const api = connectedApi({ 'POST /api/google/calendar/sync': () => reply });
    renderScreen(<Harness />, '/calendar');
    const sync = within(await openPanel()).getByRole('button', { name: 'Sync now' });
    await userEvent.click(sync);
    await waitFor(() => expect(toast().textContent).toBe('Successfully synced 3 events'));
    const body = api.called('POST /api/google/calendar/sync')[0]!.body as { calendarIds: string[]; timeMin: string; timeMax: string };
    expect(body.calendarIds).toEqual(['primary', 'team']);
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(days(body.timeMin)).toBeGreaterThan(-32);
    expect(days(body.timeMin)).toBeLessThan(-27);
    expect(days(body.timeMax)).toBeGreaterThan(27);
    expect(days(body.timeMax)).toBeLessThan(32);

    reply = { body: { savedEvents: 0 } };
    await userEvent.click(sync);
    await waitFor(() => expect(toast().textContent).toBe('No events to sync'));
    reply = apiError(500, 'INTERNAL', 'boom');
    await userEvent.click(sync);
    await waitFor(() => expect(toast().textContent).toBe('Error syncing events'));
    reply = apiError(502, 'GOOGLE_UNAVAILABLE_UPSTREAM', 'Google did not answer; try again in a minute');
    await userEvent.click(sync);
    await waitFor(() => expect(toast().textContent).toBe('Failed to sync events from Google Calendar. Google did not answer; try again in a minute'));
  });

  it('Sync now with no visible calendar asks nothing of the server', async () => {
    const api = mockApi({
      'GET /api/google/calendar/status': { body: CONNECTED },
      'GET /api/google/calendar/calendars': { body: { calendars: [cal('primary', 'Ada', false, null)] } },
    });
    renderScreen(<Harness />, '/calendar');
    await userEvent.click(within(await openPanel()).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(toast().textContent).toBe('No events to sync'));
    expect(api.called('POST /api/google/calendar/sync')).toHaveLength(0);
  });

  it('says when the calendars could not be fetched, with a retry', async () => {
    let fail = true;
    connectedApi({ 'GET /api/google/calendar/calendars': () => (fail ? apiError(500, 'INTERNAL', 'boom') : { body: { calendars: CALENDARS } }) });
    renderScreen(<Harness />, '/calendar');
    const panel = await openPanel();
    expect(within(panel).getByText('Failed to fetch calendars')).toBeTruthy();
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('switch', { name: 'Ada' })).toBeTruthy();
    expect(within(panel).queryByText('Failed to fetch calendars')).toBeNull();
  });
});
