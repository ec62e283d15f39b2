import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../db/database';
import { syncState } from '../db/sync-state';
import { renderWithI18n, setupClientTest } from '../test/kit';
import { FirstSyncNotice } from './first-sync-notice';

let db: AppDatabase;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ db, cleanup } = await setupClientTest());
});
afterEach(async () => {
  vi.useRealTimers();
  syncState.set({ status: 'idle', lastSyncedAt: null });
  await cleanup();
});

/** Fake clocks for the notice's own timers only: the fake IndexedDB keeps its real scheduling. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
/** Lets the notice's read of the pull cursor answer (issued before this one, so answered first). */
const cursorRead = () => act(async () => void (await db._meta.get('cursor')));
const notice = () => screen.queryByText('This is taking longer than expected...');

describe('FirstSyncNotice', () => {
  it('says it is taking longer after 3 s of a first sync into an empty database, and goes once a page is stored', async () => {
    fakeTimers();
    syncState.set({ status: 'syncing', lastSyncedAt: null });
    renderWithI18n(<FirstSyncNotice />);
    await cursorRead();
    act(() => vi.advanceTimersByTime(2900));
    expect(notice()).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(notice()).not.toBeNull();

    await db._meta.put({ key: 'cursor', value: 42 });
    act(() => vi.advanceTimersByTime(1000));
    await cursorRead();
    expect(notice()).toBeNull();
  });

  it('goes when the first sync ends', async () => {
    fakeTimers();
    syncState.set({ status: 'syncing', lastSyncedAt: null });
    renderWithI18n(<FirstSyncNotice />);
    await cursorRead();
    act(() => vi.advanceTimersByTime(3000));
    expect(notice()).not.toBeNull();
    act(() => syncState.set({ status: 'synced', lastSyncedAt: new Date().toISOString() }));
    expect(notice()).toBeNull();
  });

  it('stays silent when the device already holds data, or on a later sync', async () => {
    fakeTimers();
    await db._meta.put({ key: 'cursor', value: 7 });
    syncState.set({ status: 'syncing', lastSyncedAt: null });
    const { unmount } = renderWithI18n(<FirstSyncNotice />);
    await cursorRead();
    act(() => vi.advanceTimersByTime(5000));
    await cursorRead();
    expect(notice()).toBeNull();
    unmount();

    await db._meta.put({ key: 'cursor', value: 0 });
    syncState.set({ status: 'syncing', lastSyncedAt: '2026-11-28T05:00:00.000Z' });
    renderWithI18n(<FirstSyncNotice />);
    await cursorRead();
    act(() => vi.advanceTimersByTime(5000));
    expect(notice()).toBeNull();
  });
});
