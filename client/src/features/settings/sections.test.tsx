import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { mockApi, renderScreen, testUser } from '../../test/screens';
import { readNotifications } from './notifications';
import { PENDING_SETTINGS_KEY } from './preferences';
import { SettingsScreen } from './settings-screen';

const user = testUser();
const pending = () => JSON.parse(localStorage.getItem(PENDING_SETTINGS_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-a');
  authStore.set({ user, authenticated: true, loading: false, error: null });
  document.documentElement.className = '';
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

describe('settings groups', () => {
  it('shows every setting in its group, in the spec order', async () => {
    mockApi({ 'GET /api/google/calendar/status': { body: { available: false, connected: false, message: null, lastSyncAt: null } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Account', 'Appearance', 'Date and time', 'Notifications', 'Connections', 'Your data', 'Video mode', 'Privacy', 'Security', 'Danger zone']);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(within(region('Account')).getByText('ada@example.com')).toBeTruthy();
    expect(within(region('Account')).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    for (const option of ['English', 'Русский', 'Light', 'Dark', 'System', 'Small', 'Medium', 'Large']) {
      expect(within(region('Appearance')).getByRole('radio', { name: option })).toBeTruthy();
    }
    expect(within(region('Date and time')).getByRole('combobox', { name: 'Time zone' })).toBeTruthy();
    for (const option of ['12-hour', '24-hour', 'Sunday', 'Monday']) expect(within(region('Date and time')).getByRole('radio', { name: option })).toBeTruthy();
    for (const name of ['Email', 'Push notifications', 'Sound']) expect(within(region('Notifications')).getByRole('switch', { name })).toBeTruthy();
    const connections = region('Connections');
    for (const name of ['Telegram', 'Google Calendar', 'Calendar feed']) expect(within(connections).getByRole('region', { name })).toBeTruthy();
    // No GOOGLE_CLIENT_ID on this server: said calmly, nothing to press (google-calendar-section.test.tsx has the rest).
    expect(await within(region('Google Calendar')).findByText('Google Calendar is not available on this server.')).toBeTruthy();
    expect(within(region('Google Calendar')).queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    expect(within(region('Video mode')).getByRole('switch', { name: 'Video mode' }).getAttribute('aria-checked')).toBe('false');
    expect(within(region('Privacy')).getByRole('switch', { name: 'News and tips by email' })).toBeTruthy();
    expect(within(region('Security')).getByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(within(region('Danger zone')).getByRole('button', { name: 'Delete account' })).toBeTruthy();
    // The in-page index (shown on wide screens) links every group.
    const index = screen.getByRole('navigation', { name: 'Settings sections' });
    for (const link of within(index).getAllByRole('link')) expect(document.querySelector(link.getAttribute('href')!)).not.toBeNull();
  });

  it('applies notification and video switches at once, keeps them while offline and sends them when back online', async () => {
    let online = false;
    const api = mockApi({
      'PATCH /api/user/preferences': () => (online ? { body: { preferences: {} } } : 'network'),
      'PUT /api/auth/profile': () => (online ? { body: { user: { ...user, brainrotEnabled: true } } } : 'network'),
    });
    renderScreen(<SettingsScreen />, '/auth/settings');
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    await userEvent.click(push);
    expect(push.getAttribute('aria-checked')).toBe('true');
    expect(readNotifications()).toEqual({ email: true, push: true, sound: true });
    await userEvent.click(screen.getByRole('switch', { name: 'Sound' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Video mode' }));
    expect(screen.getByRole('switch', { name: 'Video mode' }).getAttribute('aria-checked')).toBe('true');
    expect(authStore.getState().user?.brainrotEnabled).toBe(true);
    expect(await screen.findByText(/Saved on this device/)).toBeTruthy();
    expect(pending()).toEqual({ preferences: { notifications: { email: true, push: true, sound: false } }, profile: { brainrotEnabled: true } });

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(PENDING_SETTINGS_KEY)).toBeNull());
    expect(api.called('PATCH /api/user/preferences').at(-1)!.body).toEqual({ notifications: { email: true, push: true, sound: false } });
    expect(api.called('PUT /api/auth/profile').at(-1)!.body).toEqual({ brainrotEnabled: true });
  });

  it('applies the text size to the whole page at once', async () => {
    mockApi({ 'PATCH /api/user/preferences': { body: { preferences: {} } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(document.documentElement.classList.contains('font-large')).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Small' }));
    expect(document.documentElement.classList.contains('font-small')).toBe(true);
    expect(document.documentElement.classList.contains('font-large')).toBe(false);
    expect(localStorage.getItem('font_size')).toBe('small');
  });
});
