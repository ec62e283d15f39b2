import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { LoginScreen } from './login-screen';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';

const session = { status: 200, body: { user: testUser(), token: 'token-1' } };

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

describe('login screen', () => {
  it('requires both fields, shows the spec messages and focuses the first invalid field', async () => {
    const api = mockApi({});
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(email);
    // Nothing but the feature toggles (read once per page, issue 18) and whether Google sign-in is offered went to the server.
    expect(api.calls.filter((c) => c.key !== 'GET /api/feature-toggles' && c.key !== 'GET /api/auth/google/config')).toHaveLength(0);
  });

  it('rejects an invalid email address and links the error to the field', async () => {
    mockApi({});
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    const error = screen.getByText('Please enter a valid email address');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('shows the incorrect-credentials message on 401 and Try Again clears the password', async () => {
    mockApi({ 'POST /api/auth/login': apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password') });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByText('The email or password you entered is incorrect.')).toBeTruthy();
    expect(screen.getByText('Please try again or reset your password.')).toBeTruthy();
    expect(screen.queryByText('Incorrect email or password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByText('The email or password you entered is incorrect.')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(authStore.getState().authenticated).toBe(false);
  });

  it('shows the network message when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/login': 'network' });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password{Enter}');
    expect(await screen.findByText('Network error. Please check your connection')).toBeTruthy();
  });

  it('stores the token and goes to the dashboard', async () => {
    const api = mockApi({ 'POST /api/auth/login': session, 'GET /api/user/preferences': 'network' });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('token-1');
    expect(api.called('POST /api/auth/login')[0]!.body).toEqual({ email: 'Ada@Example.com', password: 'correct horse' });
  });

  it('follows a same-origin redirect parameter and ignores another origin', async () => {
    mockApi({ 'POST /api/auth/login': session, 'GET /api/user/preferences': 'network' });
    const first = renderScreen(<LoginScreen />, '/auth/login?redirect=%2Ftasks%3Fid%3D7');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/tasks?id=7');
    first.unmount();
    authStore.set({ user: null, authenticated: false });
    renderScreen(<LoginScreen />, '/auth/login?redirect=//evil.example/x');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
  });

  it('says so when the token cannot be stored', async () => {
    mockApi({ 'POST /api/auth/login': session });
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'auth_token') throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByText('Failed to save authentication token')).toBeTruthy();
    expect(authStore.getState().authenticated).toBe(false);
  });

  it('disables the button with a new label while signing in', async () => {
    let release!: () => void;
    mockApi({ 'POST /api/auth/login': () => new Promise((r) => (release = () => r(apiError(401, 'INVALID_CREDENTIALS', 'x')))) });
    renderScreen(<LoginScreen />, '/auth/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false));
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    authStore.set({ user: testUser(), authenticated: true, loading: false });
    renderScreen(<LoginScreen />, '/auth/login');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
  });
});
