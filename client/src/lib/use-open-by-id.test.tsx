import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { syncState } from '../db/sync-state';
import { activateEnglish } from '../test/kit';
import { clearFlash, useFlash } from './flash';
import { OPEN_BY_ID_SETTLE_MS, useOpenById } from './use-open-by-id';

activateEnglish();

function setup(initial: { id: string | null; found: boolean | undefined }) {
  const location = memoryLocation({ path: '/tasks', searchPath: initial.id ? `id=${initial.id}` : '', record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  const view = renderHook(
    (props: { id: string | null; found: boolean | undefined }) => {
      useOpenById(props.id, props.found);
      return useFlash();
    },
    { wrapper, initialProps: initial },
  );
  return { ...view, path: () => location.history!.at(-1) };
}

const firstSyncEnds = () => act(() => syncState.set({ status: 'synced', lastSyncedAt: new Date().toISOString() }));

beforeEach(() => {
  vi.useFakeTimers();
  syncState.set({ status: 'syncing', lastSyncedAt: null });
});
afterEach(() => {
  vi.useRealTimers();
  clearFlash();
});

describe('useOpenById (SPEC section 8: an unknown ?id= goes to /dashboard)', () => {
  it('a missing item after the first sync: /dashboard with the "Not found" toast', async () => {
    const { result, path } = setup({ id: 'gone', found: false });
    await firstSyncEnds();
    await act(() => vi.advanceTimersByTimeAsync(OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/dashboard');
    expect(result.current?.message).toBe('Not found');
  });

  it('stays while the first sync runs (a fresh device does not bounce a valid link), and opens the item it brings', async () => {
    const { result, rerender, path } = setup({ id: 'new', found: undefined });
    rerender({ id: 'new', found: false });
    await act(() => vi.advanceTimersByTimeAsync(10 * OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/tasks?id=new');
    // The pull brings it just as the sync ends: the screen's next answer wins over the settle wait.
    await firstSyncEnds();
    rerender({ id: 'new', found: true });
    await act(() => vi.advanceTimersByTimeAsync(10 * OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/tasks?id=new');
    expect(result.current).toBeNull();
  });

  it('stays while the local read has not answered, and when there is no id', async () => {
    await firstSyncEnds();
    const { rerender, path } = setup({ id: 'x', found: undefined });
    await act(() => vi.advanceTimersByTimeAsync(10 * OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/tasks?id=x');
    rerender({ id: null, found: false });
    await act(() => vi.advanceTimersByTimeAsync(10 * OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/tasks?id=x');
  });

  it('an item that was there and went away (deleted while open) is no bounce', async () => {
    await firstSyncEnds();
    const { result, rerender, path } = setup({ id: 'open', found: true });
    rerender({ id: 'open', found: false });
    await act(() => vi.advanceTimersByTimeAsync(10 * OPEN_BY_ID_SETTLE_MS));
    expect(path()).toBe('/tasks?id=open');
    expect(result.current).toBeNull();
  });
});
