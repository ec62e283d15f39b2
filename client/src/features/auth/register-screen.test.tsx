import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../session/auth-store';
import { RegisterScreen } from './register-screen';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';

const sent = { status: 200, body: { verificationSent: true } };
const proof = { status: 200, body: { verified: true, verificationToken: 'proof-1' } };

beforeEach(() => {
  localStorage.clear();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await authStore.endLocalSession();
});

async function fillStepOne({ terms = true, marketing = false } = {}) {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  if (terms) await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  if (marketing) await userEvent.click(screen.getByRole('checkbox', { name: /news and tips/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

async function toStepTwo(api = mockApi({ 'POST /api/auth/resend-verification': sent })) {
  renderScreen(<RegisterScreen />, '/auth/register');
  await fillStepOne({ marketing: true });
  await screen.findByLabelText('Verification code');
  return api;
}

async function fillStepTwo(code: string, password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('Verification code'), code);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('registration, step 1', () => {
  it('requires accepting the terms and sends nothing until then', async () => {
    const api = mockApi({ 'POST /api/auth/resend-verification': sent });
    renderScreen(<RegisterScreen />, '/auth/register');
    await fillStepOne({ terms: false });
    expect(screen.getByText('You must agree to the terms and conditions')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /I agree to the/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(terms);
    // Nothing but the feature toggles (read once per page, issue 18) and whether Google sign-in is offered went to the server.
    expect(api.calls.filter((c) => c.key !== 'GET /api/feature-toggles' && c.key !== 'GET /api/auth/google/config')).toHaveLength(0);
  });

  it('links the terms and the privacy policy', () => {
    mockApi({});
    renderScreen(<RegisterScreen />, '/auth/register');
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('sends the code request with the name, consent and terms', async () => {
    const api = await toStepTwo();
    expect(api.called('POST /api/auth/resend-verification')[0]!.body).toMatchObject({
      email: 'ada@example.com',
      newUser: true,
      userName: 'Ada',
      marketingConsent: true,
      hasAcceptedTerms: true,
    });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds\./)).toBeTruthy();
  });

  it('asks to wait when the server rate-limits the code', async () => {
    mockApi({ 'POST /api/auth/resend-verification': apiError(429, 'RATE_LIMITED', 'Too many requests', { retryAfter: 42 }) });
    renderScreen(<RegisterScreen />, '/auth/register');
    await fillStepOne();
    expect(await screen.findByText('Too many attempts. Please wait 42 seconds and try again.')).toBeTruthy();
  });

  it('falls back to "Registration failed" on an unexpected error', async () => {
    mockApi({ 'POST /api/auth/resend-verification': apiError(500, 'INTERNAL', 'Server error') });
    renderScreen(<RegisterScreen />, '/auth/register');
    await fillStepOne();
    expect(await screen.findByText('Registration failed')).toBeTruthy();
  });
});

describe('registration, step 2', () => {
  it('needs a code of exactly 6 characters', async () => {
    await toStepTwo();
    await fillStepTwo('123', 'a long password');
    expect(screen.getByText('This field must be exactly 6 characters')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
  });

  it('needs a numeric code', async () => {
    await toStepTwo();
    await fillStepTwo('12ab56', 'a long password');
    expect(screen.getByText('This field must contain numbers only')).toBeTruthy();
  });

  it('needs matching passwords of at least 8 characters', async () => {
    await toStepTwo();
    await fillStepTwo('123456', 'short', 'other');
    expect(screen.getByText('This field must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('checks the code with verify-email, then registers with its verificationToken, time zone, week start and locale, and signs in', async () => {
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': proof,
      'POST /api/auth/register': { status: 201, body: { user: testUser(), token: 'token-new' } },
    });
    await toStepTwo(api);
    await fillStepTwo('123 456', 'a long password');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(api.called('POST /api/auth/verify-email')[0]!.body).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(api.calls.map((c) => c.key).filter((k) => k !== 'POST /api/auth/resend-verification' && k !== 'GET /api/auth/google/config')).toEqual([
      'POST /api/auth/verify-email',
      'POST /api/auth/register',
    ]);
    expect(api.called('POST /api/auth/register')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'a long password',
      name: 'Ada',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      weekStartDay: 0,
      marketingConsent: true,
      hasAcceptedTerms: true,
      verificationToken: 'proof-1',
      locale: 'en',
    });
    expect(localStorage.getItem('auth_token')).toBe('token-new');
  });

  it('shows "Account Already Exists" with a way to sign in when the proved code belongs to an existing account', async () => {
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': apiError(409, 'EMAIL_EXISTS', 'User with this email already exists'),
    });
    await toStepTwo(api);
    await fillStepTwo('123456', 'a long password');
    expect(await screen.findByRole('heading', { name: 'Account Already Exists' })).toBeTruthy();
    expect(screen.getByText('An account with this email already exists.')).toBeTruthy();
    expect(screen.getByText('Would you like to login instead?')).toBeTruthy();
    expect(screen.queryByText('User with this email already exists')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login?email=ada%40example.com');
    expect(api.called('POST /api/auth/register')).toHaveLength(0);
  });

  it('shows "Email verification failed" for a wrong code', async () => {
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': apiError(400, 'INVALID_CODE', 'Email verification failed'),
    });
    await toStepTwo(api);
    await fillStepTwo('000000', 'a long password');
    const code = screen.getByLabelText('Verification code');
    expect(await screen.findByText('Email verification failed')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /api/auth/register')).toHaveLength(0);
  });

  it('after a refused password, tries again with the same proof (the code is not checked twice)', async () => {
    let attempt = 0;
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': proof,
      'POST /api/auth/register': () =>
        ++attempt === 1
          ? { status: 400, body: { error: { code: 'VALIDATION', message: 'x', details: [{ field: 'password', key: 'validation.passwordCommon', message: 'x' }] } } }
          : { status: 201, body: { user: testUser(), token: 'token-new' } },
    });
    await toStepTwo(api);
    await fillStepTwo('123456', 'password1');
    expect(await screen.findByText('This password is too common. Please choose another one')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'a much better password');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a much better password');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(api.called('POST /api/auth/verify-email')).toHaveLength(1);
    expect(api.called('POST /api/auth/register').map((c) => (c.body as { verificationToken: string }).verificationToken)).toEqual(['proof-1', 'proof-1']);
  });

  it('asks for the code again when the proof has expired', async () => {
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': proof,
      'POST /api/auth/register': apiError(400, 'INVALID_VERIFICATION', 'Email verification failed'),
    });
    await toStepTwo(api);
    await fillStepTwo('123456', 'a long password');
    expect(await screen.findByText('Email verification failed')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a too-common password next to the password field', async () => {
    const api = mockApi({
      'POST /api/auth/resend-verification': sent,
      'POST /api/auth/verify-email': proof,
      'POST /api/auth/register': {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Invalid input', details: [{ field: 'password', key: 'validation.passwordCommon', message: 'x' }] } },
      },
    });
    await toStepTwo(api);
    await fillStepTwo('123456', 'password1');
    expect(await screen.findByText('This password is too common. Please choose another one')).toBeTruthy();
  });

  it('falls back to "Failed to finish registration"', async () => {
    const api = mockApi({ 'POST /api/auth/resend-verification': sent, 'POST /api/auth/verify-email': proof, 'POST /api/auth/register': apiError(500, 'INTERNAL', 'boom') });
    await toStepTwo(api);
    await fillStepTwo('123456', 'a long password');
    expect(await screen.findByText('Failed to finish registration')).toBeTruthy();
  });

  it('offers a new code only after the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = await toStepTwo();
      expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
      await vi.advanceTimersByTimeAsync(61_000);
      const resend = await screen.findByRole('button', { name: 'Send a new code' });
      await userEvent.click(resend);
      expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
      expect(api.called('POST /api/auth/resend-verification')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Failed to resend verification code" when the new code cannot be sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let n = 0;
      await toStepTwo(mockApi({ 'POST /api/auth/resend-verification': () => (n++ === 0 ? sent : apiError(500, 'INTERNAL', 'x')) }));
      await vi.advanceTimersByTimeAsync(61_000);
      await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
      expect(within(await screen.findByRole('alert')).getByText('Failed to resend verification code')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to step 1 without asking for another code too soon', async () => {
    const api = await toStepTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Verification code');
    expect(api.called('POST /api/auth/resend-verification')).toHaveLength(1);
  });
});
