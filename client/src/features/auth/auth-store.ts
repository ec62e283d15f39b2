import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@adhd/shared/users/schema';
import { ApiError, getToken, onUnauthorized, request, setToken } from '../../lib/api';

/** Auth state (SPEC section 4): user, authenticated, loading, error. */
export interface AuthState {
  user: PublicUser | null;
  authenticated: boolean;
  loading: boolean;
  error: string | null;
}

let state: AuthState = { user: null, authenticated: false, loading: true, error: null };
const listeners = new Set<() => void>();

function set(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const authStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set,
  /** Signed in with a token from login or registration. */
  signedIn(user: PublicUser, token: string): boolean {
    if (!setToken(token)) {
      set({ error: 'Failed to save authentication token' });
      return false;
    }
    set({ user, authenticated: true, loading: false, error: null });
    return true;
  },
  /** Local sign-out: token and state cleared (the server call and data cleanup are the caller's). */
  clear() {
    setToken(null);
    set({ user: null, authenticated: false, loading: false });
  },
  /**
   * Restore the session: with or without a local token, `GET /api/auth/me` answers a fresh token when the
   * bearer or the session cookie is valid. Offline, a stored token keeps the user signed in locally.
   */
  async restore(): Promise<void> {
    set({ loading: true });
    try {
      const me = await request<{ authenticated: boolean; user: PublicUser; token: string }>('/api/auth/me', { retries: 0 });
      setToken(me.token);
      set({ user: me.user, authenticated: true, loading: false, error: null });
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork && getToken()) {
        const cached = readCachedUser();
        set({ user: cached, authenticated: cached !== null, loading: false });
        return;
      }
      setToken(null);
      set({ user: null, authenticated: false, loading: false });
    }
  },
};

const USER_KEY = 'auth_user';
/** The signed-in user's public profile, kept so the app opens signed in while offline. */
export function readCachedUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    return null;
  }
}

authStore.subscribe(() => {
  try {
    if (state.user) localStorage.setItem(USER_KEY, JSON.stringify(state.user));
    else if (!state.loading) localStorage.removeItem(USER_KEY);
  } catch {
    /* storage unavailable */
  }
});

onUnauthorized(() => {
  setToken(null);
  set({ user: null, authenticated: false, loading: false });
});

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}
