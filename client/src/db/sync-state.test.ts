import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncState, useSyncing } from './sync-state';

describe('useSyncing', () => {
  afterEach(() => syncState.set({ status: 'idle' }));

  it('follows the sync, and with `when` false answers false without rendering for it', () => {
    let renders = 0;
    const on = renderHook(() => useSyncing());
    const off = renderHook(() => {
      renders++;
      return useSyncing(false);
    });
    const before = renders;
    act(() => syncState.set({ status: 'syncing' }));
    expect(on.result.current).toBe(true);
    expect(off.result.current).toBe(false);
    act(() => syncState.set({ status: 'idle' }));
    expect(on.result.current).toBe(false);
    expect(renders).toBe(before);
  });
});
