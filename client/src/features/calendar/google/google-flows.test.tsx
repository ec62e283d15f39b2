import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoogleCalendarStatus } from '@adhd/shared/google/types';
import { useFlash } from '../../../lib/flash';
import { authStore } from '../../../session/auth-store';
import { apiError, mockApi, renderScreen, testUser } from '../../../test/screens';
import { GoogleCalendarPanel, GoogleToolbarButton, useGoogleConnection } from './google-calendar';
import { GoogleCalendarConnection } from './settings-section';
import { googleNav, resetGoogleState } from './store';

const NOT_CONNECTED: GoogleCalendarStatus = { available: true, connected: false, message: null, lastSyncAt: null };
const CONNECTED: GoogleCalendarStatus = { available: true, connected: true, message: null, lastSyncAt: null };
const CALENDARS = [{ id: 'primary', summary: 'Ada', visible: true, color: null, description: null, location: null, htmlLink: null, primary: true }];

function Harness() {
  useGoogleConnection();
  const [open, setOpen] = useState(true);
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

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-a');
  authStore.set({ user: testUser(), authenticated: true, loading: false, error: null });
  resetGoogleState();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

describe('coming back from Google', () => {
  it('?google=connected: a success message, the parameter leaves the address, the calendars are read', async () => {
    const api = mockApi({
      'GET /api/google/calendar/status': { body: CONNECTED },
      'GET /api/google/calendar/calendars': { body: { calendars: CALENDARS } },
    });
    const { location } = renderScreen(<Harness />, '/calendar?google=connected&view=month');
    await waitFor(() => expect(toast().textContent).toBe('Google Calendar connected. Its events will appear in a moment.'));
    expect(await screen.findByRole('switch', { name: 'Ada' })).toBeTruthy();
    // Replaced, not pushed: Back does not return to the callback's address; other parameters stay.
    expect(location.history!.at(-1)).toBe('/calendar?view=month');
    expect(location.history).toHaveLength(1);
    // The server made the first sync in its callback: the client does not ask for another.
    expect(api.called('POST /api/google/calendar/sync')).toHaveLength(0);
  });

  it('?google=error: the spec’s message', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: NOT_CONNECTED } });
    const { location } = renderScreen(<Harness />, '/calendar?google=error');
    await waitFor(() => expect(toast().textContent).toBe('Failed to connect to Google Calendar'));
    expect(location.history!.at(-1)).toBe('/calendar');
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeTruthy();
  });

  it('a connection Google ended says so, with Reconnect instead of the toolbar button', async () => {
    const go = vi.spyOn(googleNav, 'go').mockImplementation(() => undefined);
    mockApi({
      'GET /api/google/calendar/status': { body: { ...NOT_CONNECTED, message: 'Google revoked the access' } },
      'GET /api/google/calendar/auth': { body: { authUrl: 'https://accounts.example/again' } },
    });
    renderScreen(<Harness />, '/calendar');
    expect(await screen.findByText('Google Calendar is no longer connected')).toBeTruthy();
    expect(screen.getByText('Google revoked the access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.example/again'));
  });
});

describe('disconnecting', () => {
  const setup = (disconnect: Parameters<typeof mockApi>[0][string]) => {
    const api = mockApi({
      'GET /api/google/calendar/status': { body: CONNECTED },
      'GET /api/google/calendar/calendars': { body: { calendars: CALENDARS } },
      'POST /api/google/calendar/disconnect': disconnect,
    });
    renderScreen(<Harness />, '/calendar');
    return api;
  };
  const openDialog = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    return screen.findByRole('dialog', { name: 'Disconnect Google Calendar?' });
  };

  it('keeps the imported events by default', async () => {
    const api = setup({ body: { success: true } });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: /Keep the imported events/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /Delete the imported events/ })).toHaveProperty('checked', false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast().textContent).toBe('Google Calendar disconnected. Imported events stay as read-only events.'));
    expect(api.called('POST /api/google/calendar/disconnect')[0]!.body).toEqual({ deleteEvents: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeTruthy();
  });

  it('deletes them when chosen', async () => {
    const api = setup({ body: { success: true } });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Delete the imported events/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast().textContent).toBe('Google Calendar disconnected. Imported events were deleted.'));
    expect(api.called('POST /api/google/calendar/disconnect')[0]!.body).toEqual({ deleteEvents: true });
  });

  it('a failure keeps the dialog open and says so; Cancel leaves everything as it was', async () => {
    const api = setup(apiError(500, 'INTERNAL', 'boom'));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to disconnect from Google Calendar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.called('POST /api/google/calendar/disconnect')).toHaveLength(1);
    expect(screen.getByTestId('google-panel')).toBeTruthy();
  });
});

describe('Settings → Google Calendar', () => {
  it('not connected: Connect; a failed check says so and can be retried', async () => {
    let fail = true;
    mockApi({ 'GET /api/google/calendar/status': () => (fail ? apiError(500, 'INTERNAL', 'boom') : { body: NOT_CONNECTED }) });
    renderScreen(<GoogleCalendarConnection />, '/auth/settings');
    expect(await screen.findByText('Failed to check Google Calendar connection')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeTruthy();
    expect(screen.getByText('Not connected')).toBeTruthy();
  });

  it('connected: the same controls as the calendar’s panel', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: CONNECTED }, 'GET /api/google/calendar/calendars': { body: { calendars: CALENDARS } } });
    renderScreen(<GoogleCalendarConnection />, '/auth/settings');
    expect(await screen.findByRole('switch', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('Not synced yet')).toBeTruthy();
    for (const name of ['Sync now', 'Disconnect']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('offline, it keeps the last known connection and its controls wait', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: CONNECTED }, 'GET /api/google/calendar/calendars': { body: { calendars: CALENDARS } } });
    const first = renderScreen(<GoogleCalendarConnection />, '/auth/settings');
    await screen.findByRole('switch', { name: 'Ada' });
    first.unmount();
    resetGoogleState();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({});
    renderScreen(<GoogleCalendarConnection />, '/auth/settings');
    expect(screen.getByRole('switch', { name: 'Ada' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Sync now' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You are offline. Syncing and switching calendars wait until you are back online.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
