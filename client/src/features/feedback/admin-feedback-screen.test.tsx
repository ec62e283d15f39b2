import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackItem } from '@adhd/shared/feedback/schema';
import { installDomStandIns } from '../../test/kit';
import { mockApi, renderScreen } from '../../test/screens';
import { AdminFeedbackScreen } from './admin-feedback-screen';

/** The admin's feedback list: newest first from the server, opening a new item reads it, status changes, offline. */

const item = (patch: Partial<FeedbackItem>): FeedbackItem => ({
  _id: 'f1',
  name: 'Ada',
  email: 'ada@example.com',
  type: 'bug',
  message: 'The timer stops.\nSecond line.',
  status: 'new',
  createdAt: '2026-03-01T10:00:00.000Z',
  screenshots: 0,
  ...patch,
});

beforeEach(() => {
  installDomStandIns();
  URL.createObjectURL = () => 'blob:shot';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.restoreAllMocks());

describe('admin feedback screen', () => {
  it('opens an item to its whole message and screenshots, marks a new one read, and sets resolved', async () => {
    const patches: unknown[] = [];
    const api = mockApi({
      'GET /api/admin/feedback': { body: { data: [item({ screenshots: 1 }), item({ _id: 'f2', name: 'Jon', type: 'feature', status: 'resolved' })], total: 2 } },
      'PATCH /api/admin/feedback/f1': (body) => (patches.push(body), { body: item({ screenshots: 1, ...(body as object) }) }),
      'GET /api/admin/feedback/f1/screenshots/0': { body: {} },
    });
    renderScreen(<AdminFeedbackScreen />, '/admin/feedback');
    const row = await screen.findByRole('button', { name: /Ada/ });
    expect(screen.getByText('2 in total')).toBeTruthy();
    await userEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toBeTruthy();
    await waitFor(() => expect(patches).toEqual([{ status: 'read' }]));
    expect(await screen.findByRole('img', { name: 'Screenshot 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resolved', pressed: false }));
    await waitFor(() => expect(patches).toEqual([{ status: 'read' }, { status: 'resolved' }]));
    expect(api.called('GET /api/admin/feedback/f1/screenshots/0')).toHaveLength(1);
  });

  it('says calmly that admin pages need the server when offline, with a retry', async () => {
    const api = mockApi({ 'GET /api/admin/feedback': 'network' });
    renderScreen(<AdminFeedbackScreen />, '/admin/feedback');
    expect(await screen.findByText('You are offline — admin pages need the server')).toBeTruthy();
    const before = api.called('GET /api/admin/feedback').length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.called('GET /api/admin/feedback')).toHaveLength(before + 1));
  });
});
