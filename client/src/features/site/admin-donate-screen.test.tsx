import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../test/screens';
import { AdminDonateScreen } from './admin-donate-screen';

/** Issue 18: the admin's donation links editor — rows, field errors (local and the server's), save. */

afterEach(() => vi.restoreAllMocks());

const field = (label: string, i: number) => screen.getAllByLabelText(label)[i] as HTMLInputElement;

describe('AdminDonateScreen', () => {
  it('edits, adds and removes rows and saves the whole list', async () => {
    const api = mockApi({
      'GET /api/site/donate-links': { body: { links: [{ label: 'Liberapay', url: 'https://liberapay.com/x' }] } },
      'PUT /api/admin/site/donate-links': (body) => ({ body }),
    });
    renderScreen(<AdminDonateScreen />, '/admin/donate');
    await waitFor(() => expect(field('Label', 0).value).toBe('Liberapay'));
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    fireEvent.change(field('Label', 1), { target: { value: ' Coffee ' } });
    fireEvent.change(field('Link', 1), { target: { value: 'https://coffee.example/me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Donation links saved.')).toBeTruthy();
    expect(api.called('PUT /api/admin/site/donate-links')[0]!.body).toEqual({
      links: [
        { label: 'Liberapay', url: 'https://liberapay.com/x' },
        { label: 'Coffee', url: 'https://coffee.example/me' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove link 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.called('PUT /api/admin/site/donate-links')).toHaveLength(2));
    expect(api.called('PUT /api/admin/site/donate-links')[1]!.body).toEqual({ links: [{ label: 'Coffee', url: 'https://coffee.example/me' }] });
  });

  it('shows mistakes at their fields before saving (javascript: links refused), and the server’s too', async () => {
    const api = mockApi({
      'GET /api/site/donate-links': { body: { links: [] } },
      'PUT /api/admin/site/donate-links': {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'x', details: [{ field: 'links.0.label', key: 'validation.maxLength', message: 'x' }] } },
      },
    });
    renderScreen(<AdminDonateScreen />, '/admin/donate');
    fireEvent.click(await screen.findByRole('button', { name: 'Add link' }));
    fireEvent.change(field('Link', 0), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Please enter a link starting with https:// or http://')).toBeTruthy();
    expect(field('Link', 0).getAttribute('aria-invalid')).toBe('true');
    expect(api.called('PUT /api/admin/site/donate-links')).toHaveLength(0);
    fireEvent.change(field('Label', 0), { target: { value: 'Pay' } });
    fireEvent.change(field('Link', 0), { target: { value: 'https://pay.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field must be at most 60 characters')).toBeTruthy();
    expect(field('Label', 0).getAttribute('aria-invalid')).toBe('true');
  });

  it('offline: says admin pages need the server, with a retry', async () => {
    const api = mockApi({ 'GET /api/site/donate-links': 'network' });
    renderScreen(<AdminDonateScreen />, '/admin/donate');
    expect(await screen.findByText('You are offline — admin pages need the server.')).toBeTruthy();
    api.spy.mockRestore();
    mockApi({ 'GET /api/site/donate-links': { body: { links: [] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add link' })).toBeTruthy();
  });
});
