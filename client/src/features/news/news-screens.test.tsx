import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItem } from '@adhd/shared/news/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { activateLocale } from '../../i18n';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { activateEnglish, WithI18n } from '../../test/kit';
import { apiError, mockApi } from '../../test/screens';
import { clearNewsCache } from './api';
import { NewsItemScreen, NewsListScreen } from './screens';

const item = (patch: Partial<NewsItem>): NewsItem => ({
  _id: 'n1',
  title: 'Offline mode is here',
  content: '# Big news\n\nThe app now **works offline**. Read on.',
  language: 'en',
  publishedAt: '2026-03-05T10:00:00.000Z',
  customLayout: false,
  displayPath: 'offline-mode',
  createdAt: '2026-03-05T09:00:00.000Z',
  updatedAt: '2026-03-05T09:00:00.000Z',
  ...patch,
});

/** The news routes of routes.tsx in an in-memory router at `path`. */
function renderNews(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <WithI18n>
      <Router hook={location.hook}>
        <Switch>
          <Route path="/news">
            <NewsListScreen />
          </Route>
          <Route path="/news/:lang">
            <NewsListScreen />
          </Route>
          <Route path="/news/:lang/:displayPath">
            <NewsItemScreen />
          </Route>
        </Switch>
      </Router>
    </WithI18n>,
  );
  return location;
}

const toggles = (news: boolean) => ({ registration: true, feedback: true, news, brainrot: true, telegram: true, googleCalendar: true });

beforeEach(() => {
  activateEnglish();
  setFeatureToggles(toggles(true));
  clearNewsCache();
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the news list', () => {
  it('sends /news to the UI language’s list and shows cards with title, date, excerpt and link', async () => {
    const api = mockApi({
      'GET /api/feature-toggles': { body: toggles(true) },
      'GET /api/news': (_b, url) => ({ body: url.searchParams.get('lang') === 'en' ? [item({}), item({ _id: 'n2', title: 'Second', displayPath: 'second', content: 'Short.' })] : [] }),
    });
    const location = renderNews('/news');
    const cards = await screen.findAllByTestId('news-card');
    expect(location.history.at(-1)).toBe('/news/en');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Offline mode is here' }).getAttribute('href')).toBe('/news/en/offline-mode');
    expect(first.getByText('March 5, 2026')).toBeTruthy();
    expect(first.getByText('Big news. The app now works offline. Read on.')).toBeTruthy();
    expect(api.called('GET /api/news')[0]!.headers.authorization).toBeUndefined();
  });

  it('shows the empty state, and the ru list for /news/ru', async () => {
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) }, 'GET /api/news': { body: [] } });
    renderNews('/news/ru');
    expect(await screen.findByText('No news yet')).toBeTruthy();
    expect(screen.getByTestId('news-list').dataset.lang).toBe('ru');
    expect(screen.getByRole('link', { name: 'Русский' }).getAttribute('aria-current')).toBe('page');
  });

  it('an unknown language is the 404 page', async () => {
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) } });
    renderNews('/news/de');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('offline: a calm message with a retry that loads the list', async () => {
    let online = false;
    mockApi({
      'GET /api/feature-toggles': { body: toggles(true) },
      'GET /api/news': () => (online ? { body: [item({})] } : 'network'),
    });
    renderNews('/news/en');
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(screen.getByText('News comes from the server. It will be here when you are back online.')).toBeTruthy();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Offline mode is here' })).toBeTruthy();
  });

  it('the news toggle off: says so, whether known before or answered by the server', async () => {
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) }, 'GET /api/news': apiError(403, 'FEATURE_DISABLED', 'News is turned off on this server') });
    renderNews('/news/en');
    expect(await screen.findByText('News is turned off on this server')).toBeTruthy();
  });
});

describe('a news item', () => {
  it('renders the Markdown sanitised, sets the page title and links back to the list', async () => {
    const content = '## Hello\n\n<script>window.__pwned = 1</script>\n\n[bad](javascript:alert(1)) and **bold**';
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) }, 'GET /api/news/en/offline-mode': { body: item({ content }) } });
    renderNews('/news/en/offline-mode');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offline mode is here' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hello' })).toBeTruthy();
    const article = screen.getByTestId('news-item');
    expect(article.dataset.layout).toBe('card');
    expect((await within(article).findByText('bold')).tagName).toBe('STRONG');
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByText('bad').getAttribute('href')).toBeNull();
    expect(screen.getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/news/en');
    await waitFor(() => expect(document.title).toBe('Offline mode is here · ADHD SuperApp'));
  });

  it('customLayout: full width, no card and no back link', async () => {
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) }, 'GET /api/news/en/offline-mode': { body: item({ customLayout: true }) } });
    renderNews('/news/en/offline-mode');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offline mode is here' })).toBeTruthy();
    expect(screen.getByTestId('news-item').dataset.layout).toBe('custom');
    expect(screen.queryByRole('link', { name: 'All news' })).toBeNull();
  });

  it('an unknown path (or a draft) is the 404 page', async () => {
    mockApi({ 'GET /api/feature-toggles': { body: toggles(true) }, 'GET /api/news/en/nothing': apiError(404, 'NOT_FOUND', 'News item not found') });
    renderNews('/news/en/nothing');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows “News is turned off” in Russian when the toggle is off', async () => {
    await activateLocale('ru');
    setFeatureToggles(toggles(false));
    mockApi({ 'GET /api/feature-toggles': { body: toggles(false) }, 'GET /api/news/ru/x': apiError(403, 'FEATURE_DISABLED', 'News is turned off on this server') });
    renderNews('/news/ru/x');
    expect(await screen.findByText('Новости на этом сервере отключены')).toBeTruthy();
  });
});
