import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';
import { VerifyScreen } from './verify-screen';

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(() => vi.restoreAllMocks());

describe('verify email', () => {
  it('verifies an address given in the link and offers sign in', async () => {
    const api = mockApi({ 'POST /api/auth/verify-email': { body: { verified: true } } });
    renderScreen(<VerifyScreen />, '/auth/verify?email=ada%40example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByText('Thank you. Your email address is confirmed.')).toBeTruthy();
    expect(api.called('POST /api/auth/verify-email')[0]!.body).toEqual({ email: 'ada@example.com', code: '123456' });
  });

  it('shows "Email verification failed" for a wrong code', async () => {
    mockApi({ 'POST /api/auth/verify-email': apiError(400, 'INVALID_CODE', 'Email verification failed') });
    renderScreen(<VerifyScreen />, '/auth/verify?email=ada%40example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '000000{Enter}');
    expect(await screen.findByText('Email verification failed')).toBeTruthy();
  });

  it('refreshes the profile of a signed-in user, and says so when that fails', async () => {
    authStore.set({ user: testUser({ emailVerified: false }), authenticated: true, loading: false });
    localStorage.setItem('auth_token', 't');
    const api = mockApi({ 'POST /api/auth/verify-email': { body: { verified: true } }, 'GET /api/auth/me': apiError(500, 'INTERNAL', 'x') });
    renderScreen(<VerifyScreen />, '/auth/verify');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByText('Email verified, but failed to refresh profile data')).toBeTruthy();
    expect(api.called('GET /api/auth/me').length).toBeGreaterThan(0);
    expect(authStore.getState().user?.emailVerified).toBe(true);
  });
});
