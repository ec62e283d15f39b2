import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { authStore } from '../../session/auth-store';
import { activateEnglish } from '../../test/kit';
import { mockApi, testUser } from '../../test/screens';
import { adoptAccountPreferences, refreshFromAccount, SEEN_KEY } from './account-sync';
import { DEFAULT_PREFERENCES } from '@adhd/shared/users/schema';
import { DEFAULT_NOTIFICATIONS, readNotifications } from './notifications';
import { PENDING_SETTINGS_KEY } from './preferences';
// The start-path watcher that loads account-sync after a session check brings a changed user.
import './account-watch';

const user = testUser({ updatedAt: '2026-01-01T00:00:00.000Z' });
const account = { locale: 'en', theme: 'dark', fontSize: 'large', notifications: { email: false, push: true, sound: true } };
const html = () => document.documentElement.classList;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-a');
  localStorage.setItem('theme', 'light');
  localStorage.setItem(SEEN_KEY, `${user._id} ${user.updatedAt}`);
  document.documentElement.className = '';
  authStore.set({ user, authenticated: true, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
  activateEnglish();
});

/** The session check brings the user as the server has it now (another device changed something). */
const checkBrings = (updatedAt: string) => authStore.set({ user: { ...user, updatedAt } });

describe('settings changed on another device', () => {
  it('starts from the account’s default notification switches', () => {
    expect(DEFAULT_NOTIFICATIONS).toEqual(DEFAULT_PREFERENCES.notifications);
    expect(readNotifications()).toEqual(DEFAULT_PREFERENCES.notifications);
  });

  it('applies the account’s theme, text size, language and notifications when a session check brings a changed user', async () => {
    const api = mockApi({ 'GET /api/user/preferences': { body: { preferences: { ...account, locale: 'ru' } } } });
    checkBrings('2026-01-02T00:00:00.000Z');
    // The Russian catalog loads first (slow in the test environment).
    await vi.waitFor(() => expect(localStorage.getItem(SEEN_KEY)).toBe(`${user._id} 2026-01-02T00:00:00.000Z`), { timeout: 15_000 });
    expect(html().contains('dark')).toBe(true);
    expect(html().contains('font-large')).toBe(true);
    expect([localStorage.getItem('theme'), localStorage.getItem('font_size')]).toEqual(['dark', 'large']);
    expect(readNotifications()).toEqual({ email: false, push: true, sound: true });
    expect(i18n.locale).toBe('ru');
    expect(authStore.getState().user?.locale).toBe('ru');
    // The same account state again (the next check without changes): nothing is read again.
    checkBrings('2026-01-02T00:00:00.000Z');
    await Promise.resolve();
    expect(api.called('GET /api/user/preferences')).toHaveLength(1);
  });

  it('keeps this device’s own change that is still waiting to be sent', async () => {
    localStorage.setItem(PENDING_SETTINGS_KEY, JSON.stringify({ preferences: { theme: 'light' } }));
    const api = mockApi({ 'GET /api/user/preferences': { body: { preferences: account } } });
    checkBrings('2026-01-03T00:00:00.000Z');
    expect(await refreshFromAccount()).toBe(false);
    expect(api.called('GET /api/user/preferences')).toHaveLength(0);
    expect(html().contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem(SEEN_KEY)).toBe(`${user._id} ${user.updatedAt}`);
  });

  it('keeps a change made on this device while the account was being read', async () => {
    mockApi({
      'GET /api/user/preferences': () => {
        localStorage.setItem(PENDING_SETTINGS_KEY, JSON.stringify({ preferences: { fontSize: 'small' } }));
        return { body: { preferences: account } };
      },
    });
    expect(await refreshFromAccount()).toBe(false);
    expect(html().contains('dark')).toBe(false);
    expect(localStorage.getItem('font_size')).toBeNull();
  });

  it('offline, keeps this device’s values and tries again at the next check', async () => {
    let online = false;
    const api = mockApi({ 'GET /api/user/preferences': () => (online ? { body: { preferences: account } } : 'network') });
    expect(await refreshFromAccount()).toBe(false);
    expect(api.called('GET /api/user/preferences')).toHaveLength(1);
    expect(localStorage.getItem(SEEN_KEY)).toBe(`${user._id} ${user.updatedAt}`);
    expect(html().contains('dark')).toBe(false);
    online = true;
    checkBrings('2026-01-04T00:00:00.000Z');
    await vi.waitFor(() => expect(html().contains('dark')).toBe(true));
    expect(api.called('GET /api/user/preferences')).toHaveLength(2);
  });

  it('at sign-in, takes the account’s chosen theme and size, keeps the language signed in with and saves it to the account', async () => {
    localStorage.setItem('font_size', 'small');
    const api = mockApi({
      'GET /api/user/preferences': { body: { preferences: { ...account, fontSize: 'medium', locale: 'ru' } } },
      'PATCH /api/user/preferences': { body: { preferences: {} } },
    });
    await adoptAccountPreferences();
    expect(html().contains('dark')).toBe(true);
    // 'medium' is the default: this device's own size stays.
    expect(localStorage.getItem('font_size')).toBe('small');
    expect(i18n.locale).toBe('en');
    await vi.waitFor(() => expect(api.called('PATCH /api/user/preferences').map((c) => c.body)).toEqual([{ locale: 'en' }]));
    expect(localStorage.getItem(SEEN_KEY)).toBe(`${user._id} ${user.updatedAt}`);
  });
});
