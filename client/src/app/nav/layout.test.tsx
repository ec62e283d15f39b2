import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { flash } from '../../lib/flash';
import { authStore } from '../../session/auth-store';
import { activateEnglish, installDomStandIns, WithI18n } from '../../test/kit';
import { testUser } from '../../test/screens';
import { Layout } from '../layout';

/** A window `width` px wide as far as media queries go (jsdom has no layout). */
function setWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return { matches, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

function renderLayout(path: string, { width, admin = false }: { width: number; admin?: boolean }) {
  setWidth(width);
  authStore.set({ user: testUser({ role: admin ? 'admin' : 'user' }), authenticated: true, loading: false, error: null });
  const location = memoryLocation({ path, record: true });
  render(
    <WithI18n>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Layout>
          <p>The page</p>
        </Layout>
      </Router>
    </WithI18n>,
  );
  return location;
}

const sections = () => screen.getByRole('navigation', { name: 'Sections' });
const linkNames = (nav: HTMLElement) => within(nav).getAllByRole('link').map((a) => a.textContent);

beforeAll(() => {
  activateEnglish();
  installDomStandIns();
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});

describe('the layout on a wide screen (1280 px)', () => {
  it('shows every section at once, marks the current one and keeps Settings in the header', () => {
    renderLayout('/habits', { width: 1280 });
    expect(linkNames(sections())).toEqual(['Dashboard', 'Tasks', 'Habits', 'Calendar', 'Notes', 'Inbox', 'Tags']);
    expect(within(sections()).getByRole('link', { name: 'Habits' }).getAttribute('aria-current')).toBe('page');
    expect(within(sections()).getByRole('link', { name: 'Tasks' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/auth/settings');
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
  });

  it('adds Admin for an admin', () => {
    renderLayout('/admin/users', { width: 1280, admin: true });
    expect(linkNames(sections())).toContain('Admin');
    expect(within(sections()).getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
  });
});

/** The public footer's links, at the end of the More sheet on phones (features/site). */
const PUBLIC_PAGES = ['About', 'News', 'Feedback', 'Donate', 'Privacy', 'Terms'];

describe('the layout on a phone (375 px)', () => {
  it('has a bottom bar with the five main sections and More, the current one marked', async () => {
    renderLayout('/notes', { width: 375 });
    const bar = await screen.findByTestId('bottom-nav', undefined, { timeout: 5000 });
    expect(bar).toBe(sections());
    expect(linkNames(bar)).toEqual(['Dashboard', 'Tasks', 'Habits', 'Calendar', 'Notes']);
    expect(within(bar).getByRole('link', { name: 'Notes' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('false');
    // Settings moves into the More sheet; the sync badge stays in the top bar.
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(screen.getByTestId('sync-badge')).toBeTruthy();
  });

  it('opens More with Inbox, Tags and Settings (then the public pages), and a link there navigates and closes the sheet', async () => {
    const location = renderLayout('/tasks', { width: 375 });
    await userEvent.click(await screen.findByRole('button', { name: 'More' }, { timeout: 5000 }));
    const sheet = await screen.findByRole('dialog', { name: 'More' }, { timeout: 5000 });
    expect(linkNames(sheet)).toEqual(['Inbox', 'Tags', 'Settings', ...PUBLIC_PAGES]);
    await userEvent.click(within(sheet).getByRole('link', { name: 'Inbox' }));
    expect(location.history.at(-1)).toBe('/inbox');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Inbox lives behind More: the More button is the current section now.
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists Admin in More for an admin only, and Escape closes the sheet', async () => {
    renderLayout('/dashboard', { width: 375, admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'More' }, { timeout: 5000 }));
    const sheet = await screen.findByRole('dialog', { name: 'More' }, { timeout: 5000 });
    expect(linkNames(sheet)).toEqual(['Inbox', 'Tags', 'Settings', 'Admin', ...PUBLIC_PAGES]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
  });
});

describe('the flash message', () => {
  it('is shown as a toast on the next screen', async () => {
    renderLayout('/dashboard', { width: 1280 });
    act(() => flash('Not found'));
    expect(await screen.findByText('Not found', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
