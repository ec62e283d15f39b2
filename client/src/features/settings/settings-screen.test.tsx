import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseName } from '../../db/database';
import { openUserDb } from '../../db/session';
import { DEFAULT_FEATURE_TOGGLES } from '@adhd/shared/site/feature-toggles';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { authStore } from '../../session/auth-store';
import { PENDING_SETTINGS_KEY } from './preferences';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';
import { SettingsScreen } from './settings-screen';

const user = testUser({ emailVerified: false });

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

describe('settings', () => {
  it('applies the theme at once and saves it to the account', async () => {
    const api = mockApi({ 'PATCH /api/user/preferences': { body: { preferences: {} } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(api.called('PATCH /api/user/preferences')[0]?.body).toEqual({ theme: 'dark' }));
    expect(localStorage.getItem(PENDING_SETTINGS_KEY)).toBeNull();
  });

  it('keeps a change made offline and sends it when back online', async () => {
    let online = false;
    const api = mockApi({ 'PUT /api/auth/profile': () => (online ? { body: { user: { ...user, weekStartDay: 1 } } } : 'network') });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('radio', { name: 'Monday' }));
    expect(await screen.findByText(/Saved on this device/)).toBeTruthy();
    expect(authStore.getState().user?.weekStartDay).toBe(1);
    expect(JSON.parse(localStorage.getItem(PENDING_SETTINGS_KEY)!)).toEqual({ profile: { weekStartDay: 1 } });
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(PENDING_SETTINGS_KEY)).toBeNull());
    expect(api.called('PUT /api/auth/profile').at(-1)!.body).toEqual({ weekStartDay: 1 });
  });

  it('says "Failed to update profile" when the server refuses a change', async () => {
    mockApi({ 'PUT /api/auth/profile': apiError(400, 'VALIDATION', 'Invalid input') });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('radio', { name: '24-hour' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
  });

  it('shows the email state, sends a verification code and counts down to the next one', async () => {
    const api = mockApi({ 'POST /api/auth/resend-verification': { body: { success: true } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'I already have a code' }).getAttribute('href')).toBe('/auth/verify');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe('/auth/verify');
    expect(api.called('POST /api/auth/resend-verification').map((c) => c.body)).toEqual([{ email: 'ada@example.com', locale: 'en' }]);
  });

  it('deletes the account after confirmation with the password and removes the local data', async () => {
    openUserDb(user._id);
    const api = mockApi({ 'POST /api/auth/delete-account': { body: { success: true } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    // Without the password nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.called('POST /api/auth/delete-account')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'my secret words');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(api.called('POST /api/auth/delete-account').map((c) => c.body)).toEqual([{ password: 'my secret words' }]);
    expect(authStore.getState().authenticated).toBe(false);
    expect(await Dexie.exists(databaseName(user._id))).toBe(false);
  });

  it('says "Failed to delete account" when deletion fails, and marks a wrong password', async () => {
    mockApi({
      'POST /api/auth/delete-account': (body) =>
        (body as { password: string }).password === 'wrong one'
          ? apiError(400, 'INVALID_PASSWORD', 'Current password is incorrect')
          : apiError(500, 'INTERNAL', 'x'),
    });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Failed to delete account')).toBeTruthy();
    expect(within(dialog).getByText('Current password is incorrect')).toBeTruthy();
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(within(dialog).getByLabelText('Your password'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Failed to delete account')).toBeTruthy();
    expect(authStore.getState().authenticated).toBe(true);
  });
});

describe('change password', () => {
  const form = () => screen.getByRole('form', { name: 'Change password' });
  async function fill(current: string, next: string, confirm = next) {
    if (current) await userEvent.type(within(form()).getByLabelText('Current password'), current);
    await userEvent.type(within(form()).getByLabelText('New password'), next);
    await userEvent.type(within(form()).getByLabelText('Confirm new password'), confirm);
  }

  it('sends the current and new password with "sign out other devices", and keeps this device signed in with the new token', async () => {
    const api = mockApi({ 'PUT /api/auth/password': { body: { success: true, token: 'token-renewed' } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await fill('old secret words', 'new secret words');
    expect(within(form()).getByLabelText('Sign out other devices')).toHaveProperty('checked', true);
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByText('Password changed')).toBeTruthy();
    expect(api.called('PUT /api/auth/password').map((c) => c.body)).toEqual([
      { currentPassword: 'old secret words', newPassword: 'new secret words', signOutOthers: true },
    ]);
    expect(localStorage.getItem('auth_token')).toBe('token-renewed');
    expect(authStore.getState().authenticated).toBe(true);
    expect((within(form()).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('may keep the other devices signed in', async () => {
    const api = mockApi({ 'PUT /api/auth/password': { body: { success: true, token: 'token-renewed' } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await fill('old secret words', 'new secret words');
    await userEvent.click(within(form()).getByLabelText('Sign out other devices'));
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    await within(form()).findByText('Password changed');
    expect((api.called('PUT /api/auth/password')[0]!.body as { signOutOthers: boolean }).signOutOthers).toBe(false);
  });

  it('checks the fields first: required current password, password rules, matching confirmation', async () => {
    const api = mockApi({});
    renderScreen(<SettingsScreen />, '/auth/settings');
    await fill('', 'short', 'other');
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(within(form()).getByText('This field is required')).toBeTruthy();
    expect(within(form()).getByText('This field must be at least 8 characters')).toBeTruthy();
    expect(within(form()).getByText('Passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(within(form()).getByLabelText('Current password'));
    expect(api.called('PUT /api/auth/password')).toHaveLength(0);
  });

  it('says "Failed to change password" and marks the current password when it is wrong', async () => {
    mockApi({ 'PUT /api/auth/password': apiError(400, 'INVALID_PASSWORD', 'Current password is incorrect') });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await fill('not my password', 'new secret words');
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to change password');
    expect(within(form()).getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
    expect(within(form()).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem('auth_token')).toBe('token-a');
  });

  it('says "Failed to change password" when the server fails, and how long to wait when rate-limited', async () => {
    let limited = false;
    mockApi({ 'PUT /api/auth/password': () => (limited ? apiError(429, 'RATE_LIMITED', 'x', { retryAfter: 90 }) : apiError(500, 'INTERNAL', 'x')) });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await fill('old secret words', 'new secret words');
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Failed to change password');
    limited = true;
    await userEvent.click(within(form()).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toContain('Please wait 90 seconds'));
  });
});

describe('settings and the admin’s feature toggles', () => {
  it('hides the Telegram section when the server’s admin switched Telegram off', async () => {
    mockApi({ 'GET /api/telegram/status': { body: { available: true, linked: false } } });
    const view = renderScreen(<SettingsScreen />, '/auth/settings');
    expect(await screen.findByRole('button', { name: 'Link Telegram' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Telegram' })).toBeTruthy();
    view.unmount();
    setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, telegram: false });
    try {
      renderScreen(<SettingsScreen />, '/auth/settings');
      expect(screen.getByRole('heading', { name: 'Connections' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Telegram' })).toBeNull();
    } finally {
      setFeatureToggles(DEFAULT_FEATURE_TOGGLES);
    }
  });

  it('hides the Google Calendar section when the server’s admin switched Google Calendar off', async () => {
    mockApi({ 'GET /api/telegram/status': { body: { available: true, linked: false } } });
    const view = renderScreen(<SettingsScreen />, '/auth/settings');
    expect(await screen.findByRole('heading', { name: 'Google Calendar' })).toBeTruthy();
    view.unmount();
    setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, googleCalendar: false });
    try {
      renderScreen(<SettingsScreen />, '/auth/settings');
      expect(screen.getByRole('heading', { name: 'Connections' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Google Calendar' })).toBeNull();
    } finally {
      setFeatureToggles(DEFAULT_FEATURE_TOGGLES);
    }
  });
});
