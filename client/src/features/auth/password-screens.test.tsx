import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { ResetPasswordScreen } from './reset-password-screen';
import { apiError, mockApi, renderScreen } from '../../test/screens';

afterEach(() => vi.restoreAllMocks());

async function submitReset(password = 'a new long password', confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password', () => {
  it('says the link is invalid or expired when the server refuses the token', async () => {
    mockApi({ 'POST /api/auth/reset-password': apiError(400, 'INVALID_TOKEN', 'Invalid or expired reset link') });
    renderScreen(<ResetPasswordScreen />, '/auth/reset-password?token=stale');
    await submitReset();
    expect(await screen.findByText('Invalid or expired reset link')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
  });

  it('says the same at once when the link has no token', () => {
    mockApi({});
    renderScreen(<ResetPasswordScreen />, '/auth/reset-password');
    expect(screen.getByText('Invalid or expired reset link')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the new password before sending', async () => {
    const api = mockApi({});
    renderScreen(<ResetPasswordScreen />, '/auth/reset-password?token=t');
    await submitReset('short', 'shorter');
    expect(screen.getByText('This field must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the generic message on other failures', async () => {
    mockApi({ 'POST /api/auth/reset-password': apiError(500, 'INTERNAL', 'boom') });
    renderScreen(<ResetPasswordScreen />, '/auth/reset-password?token=t');
    await submitReset();
    expect(await screen.findByText('Unable to reset your password. Please try again later.')).toBeTruthy();
  });

  it('sends token and password, then goes to sign in with a note', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': { body: { success: true } } });
    renderScreen(<ResetPasswordScreen />, '/auth/reset-password?token=abc%2B1');
    await submitReset();
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login?reset=1');
    expect(api.called('POST /api/auth/reset-password')[0]!.body).toEqual({ token: 'abc+1', password: 'a new long password' });
  });
});

describe('forgot password', () => {
  it('answers neutrally whether or not the account exists', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': { body: { success: true } } });
    renderScreen(<ForgotPasswordScreen />, '/auth/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'who@example.com{Enter}');
    expect(await screen.findByText(/If an account exists for/)).toBeTruthy();
    expect(api.called('POST /api/auth/forgot-password')[0]!.body).toMatchObject({ email: 'who@example.com' });
  });

  it('shows the spec message when the request fails', async () => {
    mockApi({ 'POST /api/auth/forgot-password': 'network' });
    renderScreen(<ForgotPasswordScreen />, '/auth/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'who@example.com{Enter}');
    expect(await screen.findByText('Unable to process your request. Please try again later.')).toBeTruthy();
  });

  it('validates the email first', async () => {
    const api = mockApi({});
    renderScreen(<ForgotPasswordScreen />, '/auth/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'nope{Enter}');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
