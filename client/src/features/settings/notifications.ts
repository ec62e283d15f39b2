import { useSyncExternalStore } from 'react';

/** The account's notification switches (SPEC section 2): stored and synced now, delivered by the reminders. */
export interface Notifications {
  email: boolean;
  push: boolean;
  sound: boolean;
}

/**
 * The account's defaults (shared `DEFAULT_PREFERENCES.notifications`, written out here so the start path does
 * not load the shared schemas; a test keeps the two equal).
 */
export const DEFAULT_NOTIFICATIONS: Readonly<Notifications> = { email: true, push: false, sound: true };

/** This device's copy of the switches (a per-user key: signing out removes it). */
export const NOTIFICATIONS_KEY = 'settings_notifications';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Notifications } | null = null;

export function readNotifications(): Notifications {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(NOTIFICATIONS_KEY);
  } catch {
    /* storage unavailable */
  }
  if (cached?.raw === raw) return cached.value;
  let value: Notifications = { ...DEFAULT_NOTIFICATIONS };
  try {
    const stored = raw ? (JSON.parse(raw) as Partial<Notifications>) : {};
    for (const key of ['email', 'push', 'sound'] as const) if (typeof stored[key] === 'boolean') value = { ...value, [key]: stored[key] };
  } catch {
    /* a damaged value reads as the defaults */
  }
  cached = { raw, value };
  return value;
}

export function writeNotifications(value: Notifications): void {
  try {
    localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify({ email: value.email, push: value.push, sound: value.sound }));
  } catch {
    /* storage unavailable: the change still applies for this visit */
    cached = { raw: null, value };
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The switches as this device knows them, re-rendered when they change here or arrive from the account. */
export const useNotifications = () => useSyncExternalStore(subscribe, readNotifications, readNotifications);
