import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicUser } from '@adhd/shared/users/schema';
import { activateEnglish, withI18n, WithI18n } from './kit';

activateEnglish();

/**
 * Renders a screen inside Lingui and an in-memory router at `path` (with its query). Every other path
 * renders a marker `Now at <path>`, so a test can see where a screen navigated to.
 */
export function renderScreen(ui: ReactNode, path = '/') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const utils = render(
    <WithI18n>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Switch>
          <Route path={pathname!}>{ui}</Route>
          <Route>{() => <Where />}</Route>
        </Switch>
      </Router>
    </WithI18n>,
  );
  return { ...utils, location };
}

function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{search ? `${path}?${search}` : path}</p>;
}

export { withI18n };

type Reply = { status?: number; body?: unknown } | 'network';
type Handler = (body: unknown, url: URL, init: RequestInit) => Reply | Promise<Reply>;

/**
 * Replaces `fetch` with handlers keyed by "METHOD /path". Unknown calls fail like a network error.
 * `calls` records every request with its parsed body and headers.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: { key: string; url: URL; body: unknown; headers: Record<string, string> }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, url, body, headers: { ...(init.headers as Record<string, string>) } });
    const route = routes[key];
    const reply = typeof route === 'function' ? await route(body, url, init) : (route ?? 'network');
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, spy, called: (key: string) => calls.filter((c) => c.key === key) };
}

export const apiError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { code, message }, ...extra },
});

export function testUser(patch: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'user-a',
    email: 'ada@example.com',
    name: 'Ada',
    emailVerified: true,
    marketingConsent: false,
    role: 'user',
    timezone: 'UTC',
    weekStartDay: 0,
    clockMode: '12h',
    brainrotEnabled: false,
    locale: 'en',
    googleLinked: false,
    hasPassword: true,
    telegramLinked: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
