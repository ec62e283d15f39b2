import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@adhd/shared/admin/schema';
import { DEFAULT_FEATURE_TOGGLES } from '@adhd/shared/site/feature-toggles';
import { featureToggles, setFeatureToggles } from '../../lib/feature-toggles';
import { authStore } from '../../session/auth-store';
import { apiError, mockApi, renderScreen, testUser } from '../../test/screens';
import { AdminFeatureTogglesScreen } from './admin-feature-toggles-screen';
import { AdminHomeScreen } from './admin-home-screen';
import { AdminLayout } from './admin-layout';
import { AdminUsersScreen } from './admin-users-screen';


const counts = { task: 3, note: 1, habit: 0, event: 0, inbox: 2, tag: 0, folder: 0 };
const person = (id: string, patch: Partial<AdminUser> = {}): AdminUser => ({
  _id: id,
  name: `Name ${id}`,
  email: `${id}@example.com`,
  role: 'user',
  emailVerified: true,
  disabled: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastActiveAt: null,
  counts,
  ...patch,
});

beforeEach(() => {
  localStorage.setItem('auth_token', 'token-admin');
  authStore.set({ user: testUser({ _id: 'me', role: 'admin' }), authenticated: true, loading: false, error: null });
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  setFeatureToggles(DEFAULT_FEATURE_TOGGLES);
});

describe('the admin frame and home', () => {
  it('lists the sections with the current one marked, and the home cards link to them', () => {
    renderScreen(
      <AdminLayout>
        <p>content</p>
      </AdminLayout>,
      '/users',
    );
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toBeTruthy();
    const links = within(nav).getAllByRole('link').slice(1);
    expect(links.map((l) => l.textContent)).toEqual(['Users', 'Feedback', 'Feature toggles', 'News', 'Redirects', 'Donate links']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/users', '/feedback', '/feature-toggles', '/news', '/redirects', '/donate']);
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'News' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('home: one card per section with its explanation', () => {
    renderScreen(<AdminHomeScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Running this server' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Redirects.*Send old or short paths/ }).getAttribute('href')).toBe('/redirects');
  });
});

describe('the users screen', () => {
  it('shows each account, searches after a pause, and pages', async () => {
    const api = mockApi({
      'GET /api/admin/users': (_b, url) => {
        const q = url.searchParams.get('q');
        const page = Number(url.searchParams.get('page'));
        if (q === 'ann') return { body: { data: [person('ann', { name: 'Ann Lee' })], total: 1 } };
        return { body: { data: page === 2 ? [person('u21')] : [person('me', { role: 'admin' }), person('bob', { lastActiveAt: new Date(Date.now() - 3 * 3600_000).toISOString() })], total: 21 } };
      },
    });
    renderScreen(<AdminUsersScreen />);
    expect(await screen.findByText('Name bob', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByText('Accounts: 21')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name u21', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.called('GET /api/admin/users').at(-1)!.url.searchParams.get('page')).toBe('2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'ann');
    // The search waits for typing to pause (300 ms); a loaded machine may take longer.
    expect(await screen.findByText('Ann Lee', {}, { timeout: 5000 })).toBeTruthy();
    const searches = api.called('GET /api/admin/users').filter((c) => c.url.searchParams.has('q'));
    // Debounced: one request for the whole word, from page 1.
    expect(searches.map((c) => [c.url.searchParams.get('q'), c.url.searchParams.get('page')])).toEqual([['ann', '1']]);
    expect(screen.getByText('Matching accounts: 1')).toBeTruthy();
  });

  it('makes a user admin; disabling asks first; the own row cannot be demoted or disabled', async () => {
    const api = mockApi({
      'GET /api/admin/users': { body: { data: [person('me', { role: 'admin' }), person('bob')], total: 2 } },
      'PATCH /api/admin/users/bob': (body) => ({ body: person('bob', body as Partial<AdminUser>) }),
    });
    renderScreen(<AdminUsersScreen />);
    const bob = (await screen.findByText('Name bob')).closest('li')!;
    const me = screen.getByText('Name me').closest('li')!;
    expect(within(me).getByRole<HTMLButtonElement>('button', { name: 'Make user' }).disabled).toBe(true);
    expect(within(me).getByRole<HTMLButtonElement>('button', { name: 'Disable' }).disabled).toBe(true);
    expect(within(me).getByText(/This is you/)).toBeTruthy();

    await userEvent.click(within(bob).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(within(bob).getByRole('button', { name: 'Make user' })).toBeTruthy());
    expect(api.called('PATCH /api/admin/users/bob')[0]!.body).toEqual({ role: 'admin' });

    await userEvent.click(within(bob).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Disable Name bob?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.called('PATCH /api/admin/users/bob')[1]!.body).toEqual({ disabled: true });
    expect(within(bob).getByText('Disabled')).toBeTruthy();
    expect(within(bob).getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('offline: says admin pages need the server, with a retry', async () => {
    mockApi({});
    renderScreen(<AdminUsersScreen />);
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the feature toggles screen', () => {
  it('saves a switch at once and updates this tab’s toggles; a failed save goes back with a toast', async () => {
    let fail = false;
    const api = mockApi({
      'GET /api/admin/feature-toggles': { body: DEFAULT_FEATURE_TOGGLES },
      'PUT /api/admin/feature-toggles': (body) => (fail ? apiError(500, 'INTERNAL', 'boom') : { body: { ...DEFAULT_FEATURE_TOGGLES, ...(body as object) } }),
    });
    renderScreen(<AdminFeatureTogglesScreen />);
    const registration = await screen.findByRole('switch', { name: 'Registration' });
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    await userEvent.click(registration);
    await waitFor(() => expect(featureToggles().registration).toBe(false));
    expect(api.called('PUT /api/admin/feature-toggles')[0]!.body).toEqual({ registration: false });
    expect(registration.getAttribute('aria-checked')).toBe('false');

    fail = true;
    const news = screen.getByRole('switch', { name: 'News' });
    await userEvent.click(news);
    expect(await screen.findByText(/Couldn’t save the change/)).toBeTruthy();
    expect(news.getAttribute('aria-checked')).toBe('true');
    expect(featureToggles().news).toBe(true);
  });
});
