import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@adhd/shared/users/schema';
import { engine } from '../../src/db/sync';
import { currentDb, deleteUserDb } from '../../src/db/session';
import { syncState } from '../../src/db/sync-state';
import { SyncLifecycle } from '../../src/db/use-sync-lifecycle';
import { authStore } from '../../src/session/auth-store';
import { setToken } from '../../src/lib/api';
import { until } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SyncLifecycle', () => {
  it('runs the engine on the signed-in user’s database, asks for persistent storage once, and stops on sign-out', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
    // No server here: every request fails like a lost connection.
    const fetchMock = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    vi.stubGlobal('fetch', fetchMock);

    render(<SyncLifecycle />);
    expect(engine.current).toBeNull();

    await act(async () => {
      setToken('token-1');
      authStore.set({ user: { _id: 'life-1', email: 'a@example.com' } as PublicUser, authenticated: true, loading: false });
    });
    const db = currentDb();
    expect(db?.userId).toBe('life-1');
    expect(engine.current?.db).toBe(db);
    await until(() => syncState.get().status === 'offline');
    expect(fetchMock).toHaveBeenCalled();
    expect(persist).toHaveBeenCalledTimes(1);

    await act(async () => {
      authStore.set({ user: null, authenticated: false });
    });
    await until(() => engine.current === null);
    expect(syncState.get().status).toBe('idle');
    await deleteUserDb('life-1');
  });
});
