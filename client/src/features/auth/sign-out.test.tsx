import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseName } from '../../db/database';
import { closeUserDb, currentDb, openUserDb } from '../../db/session';
import { request } from '../../lib/api';
import { logout } from './actions';
import { authStore, readCachedUser, withSession } from '../../session/auth-store';
import { SignOutButton } from '../../session/sign-out-button';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';

const A = testUser();
const B = testUser({ _id: 'user-b', email: 'bea@example.com', name: 'Bea' });

/** A fake Cache Storage (jsdom has none). */
function stubCaches(names: string[]) {
  const store = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...store],
    delete: async (name: string) => store.delete(name),
  });
  return store;
}

async function signInAsA({ outbox = 0 } = {}) {
  authStore.set({ user: A, authenticated: true, loading: false, error: null });
  localStorage.setItem('auth_token', 'token-a');
  localStorage.setItem('auth_pending_settings', '{"profile":{"clockMode":"24h"}}');
  localStorage.setItem('tasks_view', 'tree');
  localStorage.setItem('theme', 'dark');
  localStorage.setItem('font_size', 'large');
  const db = openUserDb(A._id);
  const now = new Date().toISOString();
  await db.tasks.put({ id: 't1', data: { title: 'Secret plan' }, deleted: 0, createdAt: now, updatedAt: now, version: 1, parentId: null });
  for (let i = 0; i < outbox; i++) await db._outbox.add({ id: `m${i}` } as never);
  return db;
}

const exists = (userId: string) => Dexie.exists(databaseName(userId));

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await authStore.endLocalSession();
});

describe('logout', () => {
  it('clears the token and every local trace of the user even when the server call fails', async () => {
    await signInAsA();
    const caches = stubCaches(['workbox-precache-v2-http://localhost/', 'api-responses', 'images']);
    const api = mockApi({ 'POST /api/auth/logout': 'network' });
    expect(await exists(A._id)).toBe(true);

    await logout();

    expect(authStore.getState()).toMatchObject({ user: null, authenticated: false });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
    expect(localStorage.getItem('auth_pending_settings')).toBeNull();
    expect(localStorage.getItem('tasks_view')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('font_size')).toBe('large');
    expect(await exists(A._id)).toBe(false);
    expect(currentDb()).toBeNull();
    expect([...caches]).toEqual(['workbox-precache-v2-http://localhost/']);
    const call = api.called('POST /api/auth/logout')[0]!;
    expect(call.url.searchParams.get('_t')).toMatch(/^\d+$/);
    expect(call.headers.authorization).toBe('Bearer token-a');
  });

  it('clears local state before the server answers', async () => {
    await signInAsA();
    let answer!: () => void;
    mockApi({ 'POST /api/auth/logout': () => new Promise((r) => (answer = () => r({ body: { success: true } }))) });
    const done = logout();
    expect(authStore.getState().authenticated).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    await done;
  });

  it('leaves nothing of user A when user B signs in next on the same browser', async () => {
    await signInAsA();
    mockApi({ 'POST /api/auth/logout': { body: { success: true } } });
    await logout();
    await authStore.signedIn(B, 'token-b');
    expect(await exists(A._id)).toBe(false);
    expect(readCachedUser()?._id).toBe('user-b');
    expect(Object.keys(localStorage).sort()).toEqual(['auth_token', 'auth_user', 'font_size', 'theme']);
  });
});

describe('sign-out button', () => {
  it('signs out at once when everything is synced', async () => {
    await signInAsA();
    mockApi({ 'POST /api/auth/logout': { body: { success: true } } });
    renderScreen(<SignOutButton />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await exists(A._id)).toBe(false);
  });

  it('warns about unsynced changes first, and Cancel keeps everything', async () => {
    await signInAsA({ outbox: 2 });
    const api = mockApi({ 'POST /api/auth/logout': { body: { success: true } } });
    renderScreen(<SignOutButton />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('You have 2 changes that have not synced yet. Signing out now will delete them from this device.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(authStore.getState().authenticated).toBe(true);
    expect(localStorage.getItem('auth_token')).toBe('token-a');
    expect(await currentDb()!.tasks.count()).toBe(1);
    expect(api.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
    expect(await exists(A._id)).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('counts the changes of a database that is not open', async () => {
    await signInAsA({ outbox: 1 });
    closeUserDb();
    mockApi({});
    renderScreen(<SignOutButton />, '/auth/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('You have 1 change that has not synced yet.');
  });
});

describe('session', () => {
  it('on a 401 whose session is gone, signs out without asking and removes the data (nothing unsynced)', async () => {
    await signInAsA();
    mockApi({ 'GET /api/tasks': apiError(401, 'UNAUTHORIZED', 'Unauthorized access'), 'GET /api/auth/me': apiError(401, 'UNAUTHORIZED', 'Unauthorized access') });
    await expect(request('/api/tasks')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(authStore.getState().authenticated).toBe(false));
    await vi.waitFor(async () => expect(await exists(A._id)).toBe(false));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(window.location.pathname).toBe('/auth/login');
  });

  it('on a 401 with a live cookie session, takes the fresh token and retries once', async () => {
    await signInAsA();
    let first = true;
    const api = mockApi({
      'GET /api/tasks': () => {
        const reply = first ? apiError(401, 'UNAUTHORIZED', 'expired') : { body: [] };
        first = false;
        return reply;
      },
      'GET /api/auth/me': { body: { authenticated: true, user: A, token: 'token-a2' } },
    });
    await expect(withSession(() => request('/api/tasks'))).resolves.toEqual([]);
    expect(authStore.getState().authenticated).toBe(true);
    expect(localStorage.getItem('auth_token')).toBe('token-a2');
    expect(api.called('GET /api/auth/me')[0]!.headers.authorization).toBeUndefined();
    expect(await exists(A._id)).toBe(true);
  });

  it('keeps unsynced changes when the session ran out, and removes them once another account signs in', async () => {
    await signInAsA({ outbox: 2 });
    stubCaches(['workbox-precache-v2-http://localhost/', 'api-responses']);
    mockApi({
      'GET /api/tasks': apiError(401, 'UNAUTHORIZED', 'expired'),
      'GET /api/auth/me': apiError(401, 'UNAUTHORIZED', 'Unauthorized access'),
      'POST /api/auth/logout': { body: { success: true } },
    });
    await expect(withSession(() => request('/api/tasks'))).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().authenticated).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(await exists(A._id)).toBe(true); // the two unsynced changes wait for A to sign in again
    authStore.set({ user: null, authenticated: false, loading: false, error: null });
    mockApi({ 'GET /api/auth/me': { body: { authenticated: true, user: B, token: 'token-b' } }, 'POST /api/user/activity': { body: { success: true } } });
    await authStore.restore();
    expect(authStore.getState().user?._id).toBe(B._id);
    expect(await exists(A._id)).toBe(false);
  });

  it('restores the session from the server cookie when no token is stored', async () => {
    mockApi({ 'GET /api/auth/me': { body: { authenticated: true, user: A, token: 'from-cookie' } }, 'POST /api/user/activity': { body: { success: true } } });
    await authStore.restore();
    expect(authStore.getState()).toMatchObject({ authenticated: true, loading: false, user: { _id: A._id } });
    expect(localStorage.getItem('auth_token')).toBe('from-cookie');
  });

  it('clears local state, attempts a server logout and removes the data when restoring fails', async () => {
    await signInAsA();
    const api = mockApi({ 'GET /api/auth/me': apiError(401, 'UNAUTHORIZED', 'Unauthorized access'), 'POST /api/auth/logout': { body: { success: true } } });
    await authStore.restore();
    expect(authStore.getState()).toMatchObject({ authenticated: false, loading: false, user: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(await exists(A._id)).toBe(false);
    await vi.waitFor(() => expect(api.called('POST /api/auth/logout')).toHaveLength(1));
  });

  it('stays signed in offline with a stored token and profile', async () => {
    await signInAsA();
    mockApi({ 'GET /api/auth/me': 'network' });
    authStore.set({ user: null, authenticated: false, loading: true });
    localStorage.setItem('auth_user', JSON.stringify(A));
    await authStore.restore();
    expect(authStore.getState()).toMatchObject({ authenticated: true, user: { _id: A._id } });
    expect(await exists(A._id)).toBe(true);
  });

  it("removes the previous user's data when the server session belongs to someone else", async () => {
    await signInAsA();
    mockApi({ 'GET /api/auth/me': { body: { authenticated: true, user: B, token: 'token-b' } }, 'POST /api/user/activity': 'network' });
    await authStore.restore();
    expect(authStore.getState().user?._id).toBe('user-b');
    expect(await exists(A._id)).toBe(false);
    expect(localStorage.getItem('tasks_view')).toBeNull();
  });
});
