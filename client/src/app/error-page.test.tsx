import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../session/auth-store';
import { activateEnglish } from '../test/kit';
import { renderScreen, testUser } from '../test/screens';
import { ErrorPageView as ErrorPage } from '../components/error-page-view';

beforeAll(() => activateEnglish());
afterEach(() => authStore.set({ user: null, authenticated: false, loading: false, error: null }));

describe('ErrorPage', () => {
  it('reads Page Not Found for a 404, with the way home to the landing page when signed out', () => {
    renderScreen(<ErrorPage status={404} />, '/nowhere');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(document.title).toMatch(/^Page Not Found/);
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('reads Internal Server Error for any other status, with the way home to the dashboard when signed in', () => {
    authStore.set({ user: testUser(), authenticated: true, loading: false, error: null });
    renderScreen(<ErrorPage status={500} />, '/tasks');
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/dashboard');
  });
});
