import type { PublicUser } from '@adhd/shared/users/schema';
import type { Notifications } from './notifications';
import { ApiError, request } from '../../lib/api';
import type { FontSize, Theme } from '../../lib/theme';
import type { Locale } from '../../i18n';
import { authStore, withSession } from '../../session/auth-store';

/**
 * Settings work offline: a change applies on this device at once (`save.ts`) and is queued here (localStorage, removed at
 * sign-out with the other user keys); the queue is sent when possible. Language, theme, font size and the
 * notification switches go to `PATCH /api/user/preferences`; time zone, clock, week start, marketing consent
 * and video mode to `PUT /api/auth/profile`.
 */
export interface PreferencesPatch {
  locale?: Locale;
  theme?: Theme;
  fontSize?: FontSize;
  /** Always the three switches together, so a queued value is complete. */
  notifications?: Notifications;
}
export type ProfilePatch = Partial<Pick<PublicUser, 'timezone' | 'weekStartDay' | 'clockMode' | 'marketingConsent' | 'brainrotEnabled'>>;

export interface Pending {
  preferences?: PreferencesPatch;
  profile?: ProfilePatch;
}

import { PENDING_SETTINGS_KEY } from './keys';

export { PENDING_SETTINGS_KEY };

function readPending(): Pending {
  try {
    const raw = localStorage.getItem(PENDING_SETTINGS_KEY);
    return raw ? (JSON.parse(raw) as Pending) : {};
  } catch {
    return {};
  }
}

function writePending(pending: Pending) {
  try {
    if (!pending.preferences && !pending.profile) localStorage.removeItem(PENDING_SETTINGS_KEY);
    else localStorage.setItem(PENDING_SETTINGS_KEY, JSON.stringify(pending));
  } catch {
    /* storage unavailable: the change still applies for this visit */
  }
}

export function hasPendingSettings(): boolean {
  const p = readPending();
  return Boolean(p.preferences || p.profile);
}

/** 'sent': the server has everything; 'offline': kept and retried later; 'failed': refused and dropped. */
export type FlushResult = 'sent' | 'offline' | 'failed';

let flushing: Promise<FlushResult> | null = null;

/** Sends queued settings. Network and server trouble keep them queued; a refusal (4xx) drops them. */
export function flushSettings(): Promise<FlushResult> {
  flushing ??= (async (): Promise<FlushResult> => {
    if (!authStore.getState().authenticated) return 'offline';
    const pending = readPending();
    try {
      if (pending.preferences) {
        const body = pending.preferences;
        await withSession(() => request('/api/user/preferences', { method: 'PATCH', body, retries: 0 }));
        const now = readPending();
        if (JSON.stringify(now.preferences) === JSON.stringify(body)) delete now.preferences;
        writePending(now);
      }
      if (pending.profile) {
        const body = pending.profile;
        const res = await withSession(() => request<{ user: PublicUser }>('/api/auth/profile', { method: 'PUT', body, retries: 0 }));
        const now = readPending();
        if (JSON.stringify(now.profile) === JSON.stringify(body)) {
          delete now.profile;
          if (res?.user) authStore.updateUser(res.user);
        }
        writePending(now);
      }
      return 'sent';
    } catch (err) {
      if (err instanceof ApiError && (err.isNetwork || err.status >= 500 || err.status === 429 || err.status === 401)) return 'offline';
      writePending({});
      return 'failed';
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Adds a change to the queue (merged with what is waiting); `flushSettings` sends it. */
export function queue(patch: Pending) {
  const now = readPending();
  writePending({
    preferences: patch.preferences ? { ...now.preferences, ...patch.preferences } : now.preferences,
    profile: patch.profile ? { ...now.profile, ...patch.profile } : now.profile,
  });
}
