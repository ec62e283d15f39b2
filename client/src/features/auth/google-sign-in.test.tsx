import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';
import { GIS_SRC, type GoogleAccountsId } from './google-identity';
import { LoginScreen } from './login-screen';
import { RegisterScreen } from './register-screen';

/**
 * "Continue with Google" over a fake `window.google` (Google Identity Services is never loaded in tests): the
 * fake records `initialize` and `renderButton` and lets a test hand over a credential as Google would.
 */

const CLIENT_ID = 'client-1.apps.googleusercontent.com';
const config = { status: 200, body: { available: true, clientId: CLIENT_ID } };
const session = { status: 200, body: { user: testUser({ googleLinked: true }), token: 'token-g' } };

function fakeGoogle() {
  let callback: ((r: { credential?: string }) => void) | null = null;
  const id: GoogleAccountsId & { initialize: ReturnType<typeof vi.fn>; renderButton: ReturnType<typeof vi.fn> } = {
    initialize: vi.fn((o: { callback: (r: { credential?: string }) => void }) => {
      callback = o.callback;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const b = document.createElement('button');
      b.textContent = 'Google says: Sign in with Google';
      parent.appendChild(b);
    }),
  };
  window.google = { accounts: { id } };
  return {
    id,
    /** What Google does after the person picks an account. */
    credential: (token: string) => callback!({ credential: token }),
  };
}

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === GIS_SRC);

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  delete window.google;
  for (const s of scripts()) s.remove();
  await authStore.endLocalSession();
});

describe('Continue with Google', () => {
  it('renders Google\'s button with the client id and signs in with the credential', async () => {
    const google = fakeGoogle();
    const api = mockApi({ 'GET /api/auth/google/config': config, 'POST /api/auth/google': session });
    renderScreen(<LoginScreen />, '/auth/login');
    expect(await screen.findByText('Google says: Sign in with Google')).toBeTruthy();
    expect(google.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }));
    expect(google.id.renderButton).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ text: 'signin_with' }));
    expect(await screen.findByText('or')).toBeTruthy(); // shown once Google's button is (onShown: a re-render)
    google.credential('id-token-1');
    await waitFor(() => expect(authStore.getState().authenticated).toBe(true));
    const [call] = api.called('POST /api/auth/google');
    expect(call!.body).toMatchObject({ token: 'id-token-1', marketingConsent: false, userData: {} });
    expect(await screen.findByTestId('where')).toBeTruthy();
  });

  it('asks for the terms when the account would be created, and continues with one tap', async () => {
    const google = fakeGoogle();
    const api = mockApi({
      'GET /api/auth/google/config': config,
      'POST /api/auth/google': (body) =>
        (body as { userData: { acceptTerms?: boolean } }).userData.acceptTerms === true
          ? { status: 201, body: session.body }
          : apiError(409, 'GOOGLE_TERMS_REQUIRED', 'Accept the terms'),
    });
    renderScreen(<RegisterScreen />, '/auth/register');
    await screen.findByText('Google says: Sign in with Google');
    expect(google.id.renderButton).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ text: 'signup_with' }));
    google.credential('id-token-2');
    const create = await screen.findByRole('button', { name: 'Create account' });
    expect(screen.getByText('One more step: this creates your account with your Google email.')).toBeTruthy();
    await userEvent.click(create);
    expect(await screen.findByText('You must agree to the terms and conditions')).toBeTruthy();
    expect(api.called('POST /api/auth/google')).toHaveLength(1);
    const form = screen.getByRole('form', { name: 'Create your account with Google' });
    const [terms, marketing] = [...form.querySelectorAll('input[type="checkbox"]')] as HTMLElement[];
    expect(marketing).toBeTruthy();
    await userEvent.click(terms!);
    await userEvent.click(marketing!);
    await userEvent.click(create);
    await waitFor(() => expect(authStore.getState().authenticated).toBe(true));
    expect(api.called('POST /api/auth/google')[1]!.body).toMatchObject({ token: 'id-token-2', marketingConsent: true, userData: { acceptTerms: true } });
  });

  it('asks once for the existing account\'s password, says when it is wrong, links with the right one', async () => {
    const google = fakeGoogle();
    const api = mockApi({
      'GET /api/auth/google/config': config,
      'POST /api/auth/google': (body) => {
        const password = (body as { userData: { password?: string } }).userData.password;
        if (password === 'right-password') return session;
        return { status: 409, body: { error: { code: 'GOOGLE_PASSWORD_REQUIRED', message: 'x', details: password ? [{ field: 'password', key: 'validation.invalid' }] : undefined } } };
      },
    });
    renderScreen(<LoginScreen />, '/auth/login');
    await screen.findByText('Google says: Sign in with Google');
    google.credential('id-token-3');
    expect(await screen.findByText('You already have an account with this email. Enter its password once to link Google to it.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Link Google to your account' });
    const field = form.querySelector('input[type="password"]') as HTMLInputElement;
    await userEvent.type(field, 'wrong-password{Enter}');
    expect(await screen.findByText('This password is not correct')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'right-password{Enter}');
    await waitFor(() => expect(authStore.getState().authenticated).toBe(true));
    expect(api.called('POST /api/auth/google').map((c) => (c.body as { userData: { password?: string } }).userData.password)).toEqual([
      undefined,
      'wrong-password',
      'right-password',
    ]);
  });

  it('shows the spec\'s "Google login failed" for a refused token (never the server\'s text)', async () => {
    const google = fakeGoogle();
    mockApi({ 'GET /api/auth/google/config': config, 'POST /api/auth/google': apiError(401, 'GOOGLE_LOGIN_FAILED', 'server words') });
    renderScreen(<LoginScreen />, '/auth/login');
    await screen.findByText('Google says: Sign in with Google');
    google.credential('bad-token');
    expect(await screen.findByText('Google login failed')).toBeTruthy();
    expect(screen.queryByText('server words')).toBeNull();
    expect(authStore.getState().authenticated).toBe(false);
  });

  it.each([
    ['the server does not offer it', { status: 200, body: { available: false, clientId: null } }],
    ['the server cannot be reached', 'network' as const],
  ])('is simply not there when %s, and Google\'s script is never loaded', async (_what, reply) => {
    const api = mockApi({ 'GET /api/auth/google/config': reply });
    renderScreen(<LoginScreen />, '/auth/login');
    await waitFor(() => expect(api.called('GET /api/auth/google/config')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText('Google login failed')).toBeNull();
    expect(scripts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('injects Google\'s script only once the server offers sign-in', async () => {
    mockApi({ 'GET /api/auth/google/config': config });
    renderScreen(<LoginScreen />, '/auth/login');
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0]!.async).toBe(true);
  });
});
