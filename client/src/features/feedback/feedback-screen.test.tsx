import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { authStore } from '../../session/auth-store';
import { mockApi, renderScreen, testUser } from '../../test/screens';
import { flushOutbox, pendingFeedback } from './data/outbox';
import { FeedbackScreen } from './feedback-screen';

/** The feedback form: SPEC section 5 messages at their fields, file limits before sending, sent/saved states. */

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
let online = true;

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
  localStorage.clear();
  setFeatureToggles({ feedback: true });
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
  await flushOutbox(async () => 'refused');
});
afterEach(() => vi.restoreAllMocks());

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByLabelText('Feature request'));
  await userEvent.type(screen.getByLabelText('Message'), 'A calmer timer, please.');
}

describe('feedback screen', () => {
  it('shows every SPEC message at its field and focuses the first, without calling the server', async () => {
    const api = mockApi({});
    renderScreen(<FeedbackScreen />, '/feedback');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    for (const text of ['Name is required', 'Email is required', 'Please select a feedback type', 'Please enter your feedback message']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.called('POST /api/feedback')).toHaveLength(0);
  });

  it('refuses a 4th screenshot and more than 5 MB before sending, and lets one be removed', async () => {
    const api = mockApi({});
    renderScreen(<FeedbackScreen />, '/feedback');
    await fillValid();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(screen.getByText('Maximum 3 files allowed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(api.called('POST /api/feedback')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot 4' }));
    expect(screen.queryByText('Maximum 3 files allowed')).toBeNull();
    expect(screen.getByText(/3 of 3/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot 3' }));
    await userEvent.upload(input, [png('big.png', 5 * 1024 * 1024 - 10)]);
    expect(screen.getByText('Total file size exceeds 5MB limit')).toBeTruthy();
  });

  it('sends and shows the thank-you state with Send another; a signed-in user finds name and email filled', async () => {
    authStore.set({ user: testUser({ name: 'Grace', email: 'grace@example.com' }), authenticated: true, loading: false, error: null });
    const api = mockApi({ 'POST /api/feedback': { status: 201, body: { _id: 'f1' } } });
    renderScreen(<FeedbackScreen />, '/feedback');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Grace');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('grace@example.com');
    await userEvent.click(screen.getByLabelText('Bug report'));
    await userEvent.type(screen.getByLabelText('Message'), 'It crashed.');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you! Your feedback has been sent.')).toBeTruthy();
    expect(api.called('POST /api/feedback')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect(screen.getByLabelText<HTMLInputElement>('Message').value).toBe('');
    await authStore.endLocalSession();
  });

  it('says the SPEC failure message when the server fails, and shows a 400 at its field', async () => {
    const reply = { value: { status: 500, body: {} } as { status: number; body: unknown } };
    mockApi({ 'POST /api/feedback': () => reply.value });
    renderScreen(<FeedbackScreen />, '/feedback');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('There was an error submitting your feedback. Please try again.')).toBeTruthy();
    reply.value = { status: 400, body: { error: { code: 'VALIDATION', message: 'x', details: [{ field: 'screenshots', key: 'feedback.imageType', message: 'x' }] } } };
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Screenshots must be PNG, JPEG, WebP or GIF images')).toBeTruthy();
  });

  it('offline: keeps the message and says it will be sent when back online', async () => {
    online = false;
    mockApi({});
    renderScreen(<FeedbackScreen />, '/feedback');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText("Saved — it will be sent when you're back online")).toBeTruthy();
    await waitFor(async () => expect(await pendingFeedback()).toBe(1));
  });

  it('says feedback is turned off when the toggle is off', () => {
    setFeatureToggles({ feedback: false });
    mockApi({});
    renderScreen(<FeedbackScreen />, '/feedback');
    expect(screen.getByText('Feedback is turned off on this server')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });
});
