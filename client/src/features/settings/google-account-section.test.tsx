import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { activateEnglish, renderWithI18n } from '../../test/kit';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';
import { DangerZone } from './danger-zone';
import { GoogleAccountSection } from './google-account-section';
import { PasswordSection } from './password-section';

/** Settings → Google account over a fake `window.google` (Google Identity Services never loads in tests). */

const config = { body: { available: true, clientId: 'client-1.apps.googleusercontent.com' } };
let hand: ((token: string) => void) | null = null;

beforeEach(() => {
  activateEnglish();
  localStorage.setItem('auth_token', 'token-a');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  window.google = {
    accounts: {
      id: {
        initialize: (o) => {
          hand = (credential) => o.callback({ credential });
        },
        renderButton: (parent) => {
          parent.append(Object.assign(document.createElement('button'), { textContent: 'Google button' }));
        },
      },
    },
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.google;
  hand = null;
  localStorage.clear();
  authStore.set({ user: null, authenticated: false });
});

const signedIn = (patch: Parameters<typeof testUser>[0]) => authStore.set({ user: testUser(patch), authenticated: true, loading: false, error: null });

describe('the Google account section', () => {
  it('links: Google\'s button, then the password once (a wrong one is said at the field)', async () => {
    signedIn({ googleLinked: false });
    const api = mockApi({
      'GET /api/auth/google/config': config,
      'POST /api/auth/connect-google': (body) => {
        const password = (body as { userData: { password?: string } }).userData.password;
        if (password === 'right-one') return { body: { success: true, user: testUser({ googleLinked: true }) } };
        return apiError(409, 'GOOGLE_PASSWORD_REQUIRED', 'x');
      },
    });
    renderWithI18n(<GoogleAccountSection />);
    await screen.findByText('Google button');
    hand!('id-token-1');
    const form = await screen.findByRole('form', { name: 'Confirm with your password' });
    const field = within(form).getByLabelText('Password');
    await userEvent.type(field, 'wrong-one{Enter}');
    expect(await screen.findByText('This password is not correct')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'right-one{Enter}');
    expect(await screen.findByText('Google account linked. You can now sign in with Google.')).toBeTruthy();
    expect(authStore.getState().user?.googleLinked).toBe(true);
    expect(screen.getByText('Linked')).toBeTruthy();
    expect(api.called('POST /api/auth/connect-google').map((c) => c.body)).toEqual([
      { token: 'id-token-1', userData: {} },
      { token: 'id-token-1', userData: { password: 'wrong-one' } },
      { token: 'id-token-1', userData: { password: 'right-one' } },
    ]);
  });

  it('says when the Google account belongs to someone else, and "Failed to connect Google account" otherwise', async () => {
    signedIn({ googleLinked: false });
    let reply = apiError(409, 'GOOGLE_ACCOUNT_IN_USE', 'x');
    mockApi({ 'GET /api/auth/google/config': config, 'POST /api/auth/connect-google': () => reply });
    renderWithI18n(<GoogleAccountSection />);
    await screen.findByText('Google button');
    hand!('id-token-2');
    expect(await screen.findByText('This Google account is already linked to another account.')).toBeTruthy();
    reply = apiError(400, 'GOOGLE_CONNECT_FAILED', 'server words');
    hand!('id-token-3');
    expect(await screen.findByText('Failed to connect Google account')).toBeTruthy();
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('unlinks after a confirmation', async () => {
    signedIn({ googleLinked: true, hasPassword: true });
    mockApi({
      'GET /api/auth/google/config': config,
      'POST /api/auth/disconnect-google': { body: { success: true, user: testUser({ googleLinked: false }) } },
    });
    renderWithI18n(<GoogleAccountSection />);
    expect(screen.getByText('Linked')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Google account unlinked. Sign in with your email and password.')).toBeTruthy();
    expect(authStore.getState().user?.googleLinked).toBe(false);
  });

  it('a Google-only account cannot unlink yet: it is told why and pointed to "Set a password"', async () => {
    signedIn({ googleLinked: true, hasPassword: false });
    mockApi({ 'GET /api/auth/google/config': config });
    renderWithI18n(<GoogleAccountSection />);
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
    expect(screen.getByText('You sign in with Google. Set a password first if you want to unlink it, so you can still get in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set a password' }).getAttribute('href')).toBe('#settings-security');
  });

  it('is not shown when the server does not offer Google sign-in (and the account is not linked)', async () => {
    signedIn({ googleLinked: false });
    const api = mockApi({ 'GET /api/auth/google/config': { body: { available: false, clientId: null } } });
    const { container } = renderWithI18n(<GoogleAccountSection />);
    await waitFor(() => expect(api.called('GET /api/auth/google/config')).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});

describe('the password section of a Google-only account', () => {
  it('sets a first password without asking for a current one', async () => {
    signedIn({ googleLinked: true, hasPassword: false });
    const api = mockApi({ 'PUT /api/auth/password': { body: { success: true, token: 'token-b' } } });
    renderWithI18n(<PasswordSection />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(screen.getByLabelText('New password'), 'amber-heron-sings-77');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'amber-heron-sings-77');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(authStore.getState().user?.hasPassword).toBe(true));
    expect(api.called('PUT /api/auth/password')[0]!.body).toEqual({ newPassword: 'amber-heron-sings-77', signOutOthers: true });
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});

describe('deleting a Google-only account', () => {
  it('is confirmed with Google instead of a password it does not have', async () => {
    signedIn({ googleLinked: true, hasPassword: false });
    const api = mockApi({ 'GET /api/auth/google/config': config, 'POST /api/auth/delete-account': { body: { success: true } } });
    renderScreen(<DangerZone />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Confirm with Google first')).toBeTruthy();
    expect(api.called('POST /api/auth/delete-account')).toHaveLength(0);
    await within(dialog).findByText('Google button');
    hand!('id-token-9');
    expect(await within(dialog).findByText('Confirmed with Google.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(api.called('POST /api/auth/delete-account')).toHaveLength(1));
    expect(api.called('POST /api/auth/delete-account')[0]!.body).toEqual({ googleToken: 'id-token-9' });
  });
});
