import { useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { PublicUser } from '@adhd/shared/users/schema';
import { closeUserDb } from '../db/session';
import { ApiError, getToken, onUnauthorized, request, setToken, TOKEN_KEY } from '../lib/api';

/** Auth state (SPEC section 4): user, authenticated, loading, error. */
export interface AuthState {
  user: PublicUser | null;
  authenticated: boolean;
  loading: boolean;
  error: string | null;
}

interface MeResponse {
  authenticated: boolean;
  user: PublicUser;
  token: string;
}

/** Auth consistency check (SPEC section 9); the activity ping is in activity.ts. */
export const AUTH_CHECK_MS = 5 * 60_000;
const USER_KEY = 'auth_user';

let state: AuthState = { user: null, authenticated: false, loading: true, error: null };
const listeners = new Set<() => void>();

function set(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The signed-in user's public profile, kept so the app opens signed in while offline. */
export function readCachedUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    return null;
  }
}

/** While above 0, a 401 is handled by the caller (a session check), not by the global handler. */
let quiet = 0;
let checkTimer: ReturnType<typeof setInterval> | null = null;
let lastCheckAt = 0;

const postActivity = () => request('/api/user/activity', { method: 'POST', retries: 0 });
/**
 * Off the start path: the activity pings (nothing is due before a click or the first timer turn) and the
 * local data clean-up (only a sign-in, a sign-out or another user needs it; the settings screen, where the
 * sign-out button is, loads it too, and the service worker precaches it for offline).
 */
const activity = () => import('./activity');
const localData = () => import('./local-data');

/** Signed in: the 5-minute check (skipped offline, silently) and the activity pings run. */
function startChecks() {
  checkTimer ??= setInterval(() => {
    if (globalThis.navigator?.onLine !== false) void checkSession(true);
  }, AUTH_CHECK_MS);
  void activity().then((a) => a.startActivity(postActivity));
}
/** Signed out or unauthorised (SPEC section 4): every timer stops. */
function stopChecks() {
  if (checkTimer) clearInterval(checkTimer);
  checkTimer = null;
  void activity().then((a) => a.stopActivity());
}

/** The login page, unless the user is on an auth page already (SPEC section 8, global response handling). */
function toLogin() {
  if (!window.location.pathname.startsWith('/auth/')) navigate('/auth/login', { replace: true });
}

const fetchMe = (bearer: boolean) => request<MeResponse>('/api/auth/me', { auth: bearer, retries: 0, timeoutMs: 10_000 });

/**
 * The server session: the http-only cookie first (it outlives the 15-minute access token and answers a fresh
 * one), then the stored bearer token for browsers that keep no cookie.
 */
async function readSession(): Promise<MeResponse> {
  try {
    return await fetchMe(false);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401 && getToken())) throw err;
    quiet++;
    try {
      return await fetchMe(true);
    } finally {
      quiet--;
    }
  }
}

/** Ask the server to end the session; never fails (the local sign-out has already happened). */
export async function serverLogout(): Promise<void> {
  try {
    await request('/api/auth/logout', { method: 'POST', query: { _t: Date.now() }, retries: 0, timeoutMs: 5_000 });
  } catch {
    /* offline or already ended: the local state is what matters */
  }
}

/**
 * Signed out on this device: state and token first (screens react at once), then the user's local data
 * (database, caches, stored keys). Used by logout, the 401 handler, a failed restore and account deletion.
 */
async function endLocalSession(reason: 'logout' | 'expired' = 'logout'): Promise<void> {
  const userId = state.user?._id ?? readCachedUser()?._id ?? null;
  stopChecks();
  setToken(null);
  set({ user: null, authenticated: false, loading: false, error: null });
  // A session that ran out is not a choice to throw work away: changes not yet on the server stay in the
  // user's database until they sign in again (and sync) or another account signs in here (removeLeftovers).
  const data = await localData();
  if (reason === 'expired' && (await data.unsyncedChanges(userId)) > 0) {
    await data.keepDatabaseOnly();
    return;
  }
  await data.clearLocalUserData(userId);
}

/**
 * Checks the session with the server (start-up, every 5 minutes, back online). A 401 ends the local session
 * and attempts a server logout, and the periodic check sends the user to the login page (SPEC section 8; at
 * start-up the route guard does it); offline or a server error keeps the cached user signed in locally.
 */
async function checkSession(periodic = false): Promise<boolean> {
  lastCheckAt = Date.now();
  const hadSession = getToken() !== null || readCachedUser() !== null || state.authenticated;
  try {
    const me = await readSession();
    const previous = state.user?._id ?? readCachedUser()?._id;
    if (previous !== me.user._id) await (await localData()).removeLeftovers(me.user._id, previous);
    if (!setToken(me.token)) throw new Error('token storage');
    set({ user: me.user, authenticated: true, loading: false, error: null });
    startChecks();
    if (!periodic) void activity().then((a) => a.pingActivity());
    return true;
  } catch (err) {
    if (err instanceof ApiError && (err.isNetwork || err.status >= 500 || err.status === 429)) {
      if (state.loading) {
        const cached = getToken() ? readCachedUser() : null;
        set({ user: cached, authenticated: cached !== null, loading: false });
        if (cached) startChecks();
      }
      return state.authenticated;
    }
    if (hadSession) {
      await endLocalSession('expired');
      void serverLogout();
      if (periodic) toLogin();
    } else {
      setToken(null);
      set({ user: null, authenticated: false, loading: false });
    }
    return false;
  }
}

type Recovery = 'refreshed' | 'kept' | 'ended';
let recovering: Promise<Recovery> | null = null;

/**
 * After a 401 on an authenticated call: the access token may just have expired, so the cookie session is
 * asked for a fresh one. Only when the session is gone is the user signed out (same clean-up as logout, no
 * question asked) and sent to the login page (SPEC section 8, global response handling).
 */
function recover(): Promise<Recovery> {
  recovering ??= (async (): Promise<Recovery> => {
    if (!state.authenticated) return 'ended';
    const userId = state.user?._id;
    try {
      const me = await fetchMe(false);
      if (me.user._id === userId && setToken(me.token)) {
        set({ user: me.user });
        return 'refreshed';
      }
    } catch (err) {
      if (!(err instanceof ApiError) || err.isNetwork || err.status >= 500) return 'kept';
    }
    await endLocalSession('expired');
    toLogin();
    return 'ended';
  })().finally(() => {
    recovering = null;
  });
  return recovering;
}

export const authStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set,
  /** Signed in with a token from login or registration; false when the token cannot be stored. */
  async signedIn(user: PublicUser, token: string): Promise<boolean> {
    await (await localData()).removeLeftovers(user._id, state.user?._id ?? readCachedUser()?._id);
    if (!setToken(token)) {
      set({ error: 'Failed to save authentication token' });
      return false;
    }
    set({ user, authenticated: true, loading: false, error: null });
    lastCheckAt = Date.now();
    startChecks();
    return true;
  },
  /** Replace the signed-in user's profile (after a profile change or a refresh). */
  updateUser(patch: Partial<PublicUser>) {
    if (state.user) set({ user: { ...state.user, ...patch } });
  },
  /**
   * Restore the session at start-up: with or without a local token, the server's session answers a fresh
   * token. Offline, a stored token and cached profile keep the user signed in locally.
   */
  async restore(): Promise<void> {
    authStore.restoreCached();
    await checkSession();
  },
  /**
   * The synchronous part of `restore`. Offline first: a stored token and cached profile open the app signed in
   * at once (screens read the local database, the engine starts pulling); the server check runs alongside and
   * ends the session on a 401.
   */
  restoreCached(): void {
    const cached = getToken() ? readCachedUser() : null;
    if (cached && !state.authenticated) {
      set({ user: cached, authenticated: true, loading: false, error: null });
      startChecks();
    } else if (!state.authenticated) {
      set({ loading: true });
    }
  },
  /** The auth check, callable at any time (`periodic`: as the 5-minute timer runs it). */
  check: checkSession,
  /** A 401 happened: refresh the token or sign out. */
  recover,
  /** Local sign-out with data removal, without asking and without a server call. */
  endLocalSession,
  /**
   * Logout (SPEC section 4): local state is cleared first, then the server is told, and it succeeds even
   * when that call fails. The call takes the bearer token as it starts (synchronously), just before the
   * token is removed. The user's local data goes too (quality.md test 23).
   */
  async logout(): Promise<void> {
    const userId = state.user?._id ?? readCachedUser()?._id ?? null;
    stopChecks();
    set({ user: null, authenticated: false, loading: false, error: null });
    const server = serverLogout();
    setToken(null);
    await Promise.allSettled([server, localData().then((data) => data.clearLocalUserData(userId))]);
  },
};

/** Runs an authenticated call; after a 401 with a refreshed token it is tried once more. */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && (await recover()) === 'refreshed') return call();
    throw err;
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
  if (quiet === 0) void recover();
});

if (typeof window !== 'undefined') {
  // Another tab signed out (token removed) or in: follow it. The tab that signed out removes the data.
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    if (!getToken()) {
      if (!state.authenticated) return;
      stopChecks();
      closeUserDb();
      set({ user: null, authenticated: false, loading: false, error: null });
    } else if (!state.authenticated && !state.loading) {
      void authStore.restore();
    }
  });
  const checkIfStale = () => {
    if (state.authenticated && Date.now() - lastCheckAt > 60_000) void checkSession(true);
  };
  window.addEventListener('online', checkIfStale);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkIfStale();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}
