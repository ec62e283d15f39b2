import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { mockApi } from '../test/screens';
import { redirectTarget, useRedirectRules } from './redirect-rules';

afterEach(() => {
  vi.restoreAllMocks();
});

function Probe() {
  const redirecting = useRedirectRules();
  const [path] = useLocation();
  return <p data-testid="at">{redirecting ? 'redirecting' : path}</p>;
}

describe('redirect rules', () => {
  it('matches exactly after trimming a trailing slash, never /admin, /auth or /api, never a rule onto itself', () => {
    const rules = { '/old-page': '/tasks', '/admin': '/x', '/self': '/self' };
    expect(redirectTarget('/old-page', rules)).toBe('/tasks');
    expect(redirectTarget('/old-page/', rules)).toBe('/tasks');
    expect(redirectTarget('/old-page/more', rules)).toBeNull();
    expect(redirectTarget('/admin', rules)).toBeNull();
    expect(redirectTarget('/self', rules)).toBeNull();
    expect(redirectTarget('/constructor', rules)).toBeNull();
  });

  it('fetches the list in the background, redirects internally with replace and externally with a full navigation', async () => {
    const api = mockApi({ 'GET /api/redirects': { body: { rules: [{ from: '/old-page', to: '/tasks' }, { from: '/give', to: 'https://example.org/donate' }] } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const memory = memoryLocation({ path: '/old-page', record: true });
    render(
      <Router hook={memory.hook}>
        <Probe />
      </Router>,
    );
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/tasks'));
    expect(memory.history).toEqual(['/tasks']);
    expect(api.called('GET /api/redirects')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('redirect_rules')!)).toEqual({ '/old-page': '/tasks', '/give': 'https://example.org/donate' });

    act(() => memory.navigate('/give'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://example.org/donate'));
    // Within a few minutes, navigations use the kept list: no new request.
    act(() => memory.navigate('/old-page/'));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/tasks'));
    expect(api.called('GET /api/redirects')).toHaveLength(1);
  });
});
