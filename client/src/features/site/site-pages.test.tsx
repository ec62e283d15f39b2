import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '@adhd/shared/site/feature-toggles';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { authStore } from '../../session/auth-store';
import { mockApi, renderScreen, testUser } from '../../test/screens';
import { AboutScreen, DonateScreen, LandingScreen, PrivacyScreen, TermsScreen } from './screens';
import { PublicFooter } from './site-footer';

/** Issue 18: the public pages (landing, info pages, donate) and the footer, signed out and in. */

const toggles = (patch = {}) => ({ body: { ...DEFAULT_FEATURE_TOGGLES, ...patch } });

beforeEach(() => setFeatureToggles(DEFAULT_FEATURE_TOGGLES));
afterEach(() => {
  vi.restoreAllMocks();
  authStore.set({ user: null, authenticated: false, loading: false, error: null });
});

describe('info pages', () => {
  it('about, privacy and terms show their heading and their parts', () => {
    renderScreen(<AboutScreen />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About ADHD SuperApp' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Install it' })).toBeTruthy();
    screen.getByText(/Add to Home Screen/, { selector: 'li' });
  });

  it('privacy names what the server stores and how to export and delete it', () => {
    renderScreen(<PrivacyScreen />, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    const text = document.body.textContent!;
    for (const fact of ['Argon2', 'user agent', 'IP address', 'DATA_DIR/mail/', 'DATA_DIR/uploads', 'chat id', 'stored encrypted', 'GET /api/export', 'Delete account', 'no third-party analytics']) {
      expect(text, fact).toContain(fact);
    }
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/auth/settings');
  });

  it('terms show the operator, no warranty and acceptable use', () => {
    renderScreen(<TermsScreen />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    for (const part of ['Who runs this server', 'No warranty', 'Acceptable use', 'Your data and your account']) {
      expect(screen.getByRole('heading', { name: part })).toBeTruthy();
    }
  });
});

describe('donate', () => {
  it('lists the operator’s links, opening in a new tab without the opener or referrer', async () => {
    mockApi({ 'GET /api/site/donate-links': { body: { links: [{ label: 'Liberapay', url: 'https://liberapay.com/x' }, { label: 'Card', url: 'https://pay.example/card' }] } } });
    renderScreen(<DonateScreen />, '/donate');
    const list = await screen.findByRole('list', { name: 'Donation links' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://liberapay.com/x', 'https://pay.example/card']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('says calmly when there are none, and offers a retry when the server cannot be reached', async () => {
    const api = mockApi({ 'GET /api/site/donate-links': 'network' });
    renderScreen(<DonateScreen />, '/donate');
    expect(await screen.findByText('Network error. Please check your connection')).toBeTruthy();
    api.spy.mockRestore();
    mockApi({ 'GET /api/site/donate-links': { body: { links: [] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This server has no donation links yet.')).toBeTruthy();
  });
});

describe('landing', () => {
  it('a visitor gets sign-in and registration; registration off hides it', async () => {
    mockApi({ 'GET /api/feature-toggles': toggles() });
    renderScreen(<LandingScreen />, '/');
    expect(screen.getByRole('heading', { level: 1, name: 'ADHD SuperApp' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]!.getAttribute('href')).toBe('/auth/login');
    expect(screen.getAllByRole('link', { name: 'Create a free account' })[0]!.getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('link', { name: 'Open your dashboard' })).toBeNull();
    for (const name of ['Tasks', 'Habits', 'Notes', 'Calendar', 'Inbox', 'Search']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    const shots = document.querySelectorAll('img[loading="lazy"]');
    expect(shots.length).toBe(6);
    for (const img of shots) expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '450']);
    act(() => setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, registration: false }));
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBe(2);
  });

  it('a signed-in person gets the way to the dashboard instead', () => {
    mockApi({ 'GET /api/feature-toggles': toggles() });
    authStore.set({ user: testUser(), authenticated: true, loading: false, error: null });
    renderScreen(<LandingScreen />, '/');
    expect(screen.getAllByRole('link', { name: 'Open your dashboard' })[0]!.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('footer', () => {
  it('links the public pages; News and Feedback only while their toggles are on', () => {
    mockApi({ 'GET /api/feature-toggles': toggles({ news: false }) });
    setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, news: false });
    renderScreen(<PublicFooter />, '/about');
    const nav = screen.getByRole('navigation', { name: 'Site links' });
    expect(within(nav).queryByRole('link', { name: 'News' })).toBeNull();
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/about', '/feedback', '/donate', '/privacy', '/terms']);
    act(() => setFeatureToggles({ ...DEFAULT_FEATURE_TOGGLES, feedback: false }));
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/about', '/news', '/donate', '/privacy', '/terms']);
  });
});
