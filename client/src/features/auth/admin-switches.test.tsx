import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '@adhd/shared/site/feature-toggles';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { authStore } from '../../session/auth-store';
import { apiError, mockApi, renderScreen } from '../../test/screens';
import { LoginScreen } from './login-screen';
import { RegisterScreen } from './register-screen';

/** Issue 18: what the admin's switches mean on the sign-in screens (a disabled account, registration off). */

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  setFeatureToggles(DEFAULT_FEATURE_TOGGLES);
  await authStore.endLocalSession();
});

describe('sign-in and an admin’s switches', () => {
  it('a disabled account: the login screen says so', async () => {
    mockApi({ 'POST /api/auth/login': apiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Please contact the administrator.') });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'violet-otter-bakes{Enter}');
    expect(await screen.findByText('This account has been disabled. Please contact the administrator.')).toBeTruthy();
    expect(screen.queryByText('The email or password you entered is incorrect.')).toBeNull();
  });

  it('registration on: the login screen offers "Create an account"; off: it does not', () => {
    mockApi({});
    const view = renderScreen(<LoginScreen />, '/auth/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
    view.unmount();
    setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, registration: false });
    renderScreen(<LoginScreen />, '/auth/login');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByText(/New here/)).toBeNull();
  });

  it('registration off: the register screen says it is closed and links to sign-in', () => {
    mockApi({});
    setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, registration: false });
    renderScreen(<RegisterScreen />, '/auth/register');
    expect(screen.getByText('Registration is closed on this server')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });
});
