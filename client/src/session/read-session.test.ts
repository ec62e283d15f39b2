import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, testUser } from '../test/screens';
import { authStore } from './auth-store';

// The start-up session check is one GET /api/auth/me carrying the bearer token (and the cookie, which the
// browser adds): the server answers from whichever is valid, so a token-only client spends no 401 at start.
const A = testUser();

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

describe('session check at start', () => {
  it('asks once, with the stored bearer token, and keeps the token the server answers', async () => {
    localStorage.setItem('auth_token', 'token-only');
    localStorage.setItem('auth_user', JSON.stringify(A));
    const api = mockApi({ 'GET /api/auth/me': { body: { authenticated: true, user: A, token: 'token-only' } }, 'POST /api/user/activity': { body: { success: true } } });
    await authStore.restore();
    const calls = api.called('GET /api/auth/me');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBe('Bearer token-only');
    expect(authStore.getState()).toMatchObject({ authenticated: true, loading: false, user: { _id: A._id } });
    expect(localStorage.getItem('auth_token')).toBe('token-only');
  });

  it('asks once without a token (a cookie-only browser) and takes the fresh token', async () => {
    const api = mockApi({ 'GET /api/auth/me': { body: { authenticated: true, user: A, token: 'from-cookie' } }, 'POST /api/user/activity': { body: { success: true } } });
    await authStore.restore();
    expect(api.called('GET /api/auth/me')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBe('from-cookie');
  });

  it('a 401 signs out once, with no second session request', async () => {
    localStorage.setItem('auth_token', 'stale');
    localStorage.setItem('auth_user', JSON.stringify(A));
    const api = mockApi({ 'GET /api/auth/me': apiError(401, 'UNAUTHORIZED', 'Unauthorized access'), 'POST /api/auth/logout': { body: { success: true } } });
    await authStore.restore();
    expect(authStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(api.called('GET /api/auth/me')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
