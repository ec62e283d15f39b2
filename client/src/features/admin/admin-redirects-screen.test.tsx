import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RedirectRule } from '@adhd/shared/admin/schema';
import { mockApi, renderScreen } from '../../test/screens';
import { AdminRedirectsScreen } from './admin-redirects-screen';

const rule = (id: string, from: string, to: string): RedirectRule => ({ _id: id, from, to, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

beforeEach(() => localStorage.setItem('auth_token', 'token-admin'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the redirects screen', () => {
  it('adds a rule, shows the server’s field errors at the fields, edits and deletes after a confirmation', async () => {
    const changed = vi.fn();
    window.addEventListener('adhd:redirect-rules-changed', changed);
    const api = mockApi({
      'GET /api/admin/redirects': { body: [rule('r1', '/give', 'https://example.org/donate')] },
      'POST /api/admin/redirects': (body) => {
        const b = body as { from: string; to: string };
        if (b.from.startsWith('/admin')) return { status: 400, body: { error: { code: 'VALIDATION', message: 'bad', details: [{ field: 'from', key: 'validation.invalid', message: 'x' }] } } };
        if (b.from === '/give') return { status: 409, body: { error: { code: 'DUPLICATE_REDIRECT', message: 'dup' } } };
        return { status: 201, body: rule('r2', b.from, b.to) };
      },
      'PUT /api/admin/redirects/r2': (body) => ({ body: rule('r2', (body as RedirectRule).from, (body as RedirectRule).to) }),
      'DELETE /api/admin/redirects/r1': { body: { success: true } },
    });
    renderScreen(<AdminRedirectsScreen />);
    expect(await screen.findByText('https://example.org/donate')).toBeTruthy();
    expect(screen.getByTitle('Another site')).toBeTruthy();

    const from = screen.getByRole('textbox', { name: 'From (path)' });
    const to = screen.getByRole('textbox', { name: 'To (path or address)' });
    await userEvent.type(from, '/admin/users');
    await userEvent.type(to, '/tasks');
    await userEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(await screen.findByText(/not under \/admin, \/auth or \/api/)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(from);
    await userEvent.type(from, '/give');
    await userEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(await screen.findByText('There is already a redirect for this path.')).toBeTruthy();

    await userEvent.clear(from);
    await userEvent.type(from, '/old-page');
    await userEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    const list = await screen.findByRole('list', { name: 'Redirect rules' });
    await waitFor(() => expect(within(list).getByText('/old-page')).toBeTruthy());
    expect(api.called('POST /api/admin/redirects').at(-1)!.body).toEqual({ from: '/old-page', to: '/tasks' });
    expect((from as HTMLInputElement).value).toBe('');
    expect(changed).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Edit redirect /old-page' }));
    const edit = within(list).getByRole('textbox', { name: 'To (path or address)' });
    await userEvent.clear(edit);
    await userEvent.type(edit, '/notes');
    await userEvent.click(within(list).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getByText('/notes')).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: 'Delete redirect /give' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('https://example.org/donate')).toBeNull());
    expect(api.called('DELETE /api/admin/redirects/r1')).toHaveLength(1);
    expect(changed).toHaveBeenCalledTimes(3);
    window.removeEventListener('adhd:redirect-rules-changed', changed);
  });
});
