import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseName } from '../../../db/database';
import { openUserDb } from '../../../db/session';
import { authStore } from '../auth-store';
import { PENDING_SETTINGS_KEY } from '../preferences';
import { apiError, mockApi, renderScreen, testUser } from '../test-utils';
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

  it('shows the email state with a link to verify', () => {
    mockApi({});
    renderScreen(<SettingsScreen />, '/auth/settings');
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe('/auth/verify');
  });

  it('deletes the account after confirmation and removes the local data', async () => {
    openUserDb(user._id);
    const api = mockApi({ 'POST /api/auth/delete-account': { body: { success: true } } });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(api.called('POST /api/auth/delete-account')).toHaveLength(1);
    expect(authStore.getState().authenticated).toBe(false);
    expect(await Dexie.exists(databaseName(user._id))).toBe(false);
  });

  it('says "Failed to delete account" when deletion fails', async () => {
    mockApi({ 'POST /api/auth/delete-account': apiError(500, 'INTERNAL', 'x') });
    renderScreen(<SettingsScreen />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Failed to delete account')).toBeTruthy();
    expect(authStore.getState().authenticated).toBe(true);
  });
});
