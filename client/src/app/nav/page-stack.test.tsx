import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { usePageStack } from './page-stack';

/** A screen that shows the location its own router gives it, and counts its unmounts. */
let unmounted: string[] = [];
function Screen() {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => () => void unmounted.push(path), [path]);
  return <button type="button">{`${path}?${search}`}</button>;
}

function Pages() {
  const [location] = useLocation();
  const pages = usePageStack(location, useSearch());
  return pages.map((page) => (
    <main key={page.id} data-leaving={page.leaving || undefined} aria-hidden={page.leaving || undefined}>
      <Router hook={page.hook} searchHook={page.searchHook}>
        <Screen />
      </Router>
    </main>
  ));
}

function setup(path: string) {
  unmounted = [];
  const location = memoryLocation({ path });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Pages />
    </Router>,
  );
  return { location, view };
}

const mains = (view: ReturnType<typeof setup>['view']) => [...view.container.querySelectorAll('main')].map((m) => `${m.dataset.leaving ? 'leaving ' : ''}${m.textContent}`);

afterEach(() => vi.useRealTimers());

describe('usePageStack (the layout keeps a leaving page until the browser is idle)', () => {
  it('keeps the old page hidden with its own location after a navigation, then unmounts it', async () => {
    const { location, view } = setup('/habits?id=h1');
    expect(mains(view)).toEqual(['/habits?id=h1']);
    act(() => location.navigate('/dashboard'));
    // The old screen did not turn into the new one: its path and query stay, and it was not re-mounted.
    expect(mains(view)).toEqual(['leaving /habits?id=h1', '/dashboard?']);
    expect(unmounted).toEqual([]);
    // The removal commits the DOM first and runs the unmounted screen's effect cleanups a moment later (React's
    // passive effects), so both are awaited: on a loaded machine the test saw the first without the second.
    await waitFor(() => {
      expect(mains(view)).toEqual(['/dashboard?']);
      expect(unmounted).toEqual(['/habits']);
    });
  });

  it('stays on the page when only the query changes', () => {
    const { location, view } = setup('/habits');
    act(() => location.navigate('/habits?id=h2'));
    expect(mains(view)).toEqual(['/habits?id=h2']);
  });

  it('moves the focus out of a leaving page, as removing it did', () => {
    const { location } = setup('/tasks');
    screen.getByRole('button').focus();
    expect(document.activeElement?.textContent).toBe('/tasks?');
    act(() => location.navigate('/notes'));
    expect(document.activeElement).toBe(document.body);
  });

  it('navigating back before the old page is gone mounts a fresh page (two leaving pages go together)', async () => {
    const { location, view } = setup('/habits');
    act(() => location.navigate('/dashboard'));
    act(() => location.navigate('/habits'));
    expect(mains(view)).toEqual(['leaving /habits?', 'leaving /dashboard?', '/habits?']);
    await waitFor(() => {
      expect(mains(view)).toEqual(['/habits?']);
      expect([...unmounted].sort()).toEqual(['/dashboard', '/habits']);
    });
  });
});
