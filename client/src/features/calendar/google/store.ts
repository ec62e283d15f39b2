import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { GoogleCalendarItem, GoogleCalendarStatus } from '@adhd/shared/google/types';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api';
import { flash } from '../../../lib/flash';
import { authStore } from '../../../session/auth-store';
import { googleApi, syncWindow } from './api';
import { googleMessages as m } from './messages';

/**
 * The Google Calendar connection as the calendar screen and settings see it: one small external store, so the
 * toolbar, the panel and the settings section agree. The last status and calendars are kept in localStorage per
 * user, so an offline start still knows whether Google is connected (its switches then wait for the network).
 * Results and failures are told through the layout's toast (`flash`) in the user's language.
 */
export interface GoogleState {
  /** null until the server (or the kept copy) has answered. */
  status: GoogleCalendarStatus | null;
  /** The status check failed for another reason than the network ('Failed to check Google Calendar connection'). */
  statusFailed: boolean;
  calendars: GoogleCalendarItem[] | null;
  calendarsFailed: boolean;
  syncing: boolean;
}

const KEY = 'google_calendar';
const initial: GoogleState = { status: null, statusFailed: false, calendars: null, calendarsFailed: false, syncing: false };
let state: GoogleState = initial;
let loadedFor: string | null | undefined;
const listeners = new Set<() => void>();

const userId = () => authStore.getState().user?._id ?? null;

function kept(): GoogleState {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { user: string; status: GoogleCalendarStatus; calendars: GoogleCalendarItem[] | null } | null;
    if (saved && saved.user === userId()) return { ...initial, status: saved.status, calendars: saved.calendars };
  } catch {
    /* nothing kept */
  }
  return initial;
}

function set(patch: Partial<GoogleState>): void {
  state = { ...state, ...patch };
  try {
    const user = userId();
    if (user && state.status) localStorage.setItem(KEY, JSON.stringify({ user, status: state.status, calendars: state.calendars }));
  } catch {
    /* storage full or blocked: memory still serves this page */
  }
  for (const l of [...listeners]) l();
}

/** The state for the signed-in user (another user's kept copy is never shown). */
function current(): GoogleState {
  const user = userId();
  if (loadedFor !== user) {
    loadedFor = user;
    state = kept();
  }
  return state;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useGoogleState = (): GoogleState => useSyncExternalStore(subscribe, current, () => initial);

const say = (d: MessageDescriptor) => flash(i18n._(d));
const isNetwork = (err: unknown) => err instanceof ApiError && err.isNetwork;
const isUpstream = (err: unknown) => err instanceof ApiError && err.code === 'GOOGLE_UNAVAILABLE_UPSTREAM';
/** Google is not offered here (no GOOGLE_CLIENT_ID) or the admin switched it off. */
const isUnavailable = (err: unknown) => err instanceof ApiError && (err.code === 'GOOGLE_UNAVAILABLE' || err.code === 'FEATURE_DISABLED');
const notConnected = (err: unknown) => err instanceof ApiError && err.code === 'GOOGLE_NOT_CONNECTED';

/** Ask the server whether Google is connected; when it is, its calendars too. */
export async function refreshStatus(): Promise<void> {
  current();
  try {
    const status = await googleApi.status();
    set({ status, statusFailed: false });
    if (status.connected) await loadCalendars();
  } catch (err) {
    // Offline: the kept copy stands. Otherwise the connection is unknown, shown as not connected.
    if (!isNetwork(err)) set({ statusFailed: true });
  }
}

/** The user's Google calendars ('Failed to fetch calendars' keeps the last list, or an empty one). */
export async function loadCalendars(): Promise<void> {
  try {
    const { calendars } = await googleApi.calendars();
    set({ calendars, calendarsFailed: false });
  } catch (err) {
    if (notConnected(err)) return lostConnection();
    if (!isNetwork(err)) set({ calendarsFailed: true, calendars: state.calendars ?? [] });
  }
}

function lostConnection(): void {
  set({ status: { ...(state.status ?? { available: true, lastSyncAt: null, message: null }), connected: false }, calendars: null });
}

/** Where "Connect" sends the browser (tests replace `go`: jsdom has no navigation). */
export const googleNav = { go: (url: string) => window.location.assign(url) };

/** "Connect Google Calendar": the browser goes to Google's authorisation page (it comes back to /calendar?google=…). */
export async function connect(): Promise<void> {
  try {
    const { authUrl } = await googleApi.authUrl();
    googleNav.go(authUrl);
  } catch (err) {
    if (isUnavailable(err)) set({ status: { connected: false, available: false, message: null, lastSyncAt: null } });
    say(isNetwork(err) ? m.offline : m.authUrlFailed);
  }
}

/**
 * Sync the visible calendars over the window now: 'Successfully synced {count} events', 'No events to sync'
 * (also with no visible calendar: nothing is asked of Google), 'Error syncing events'; Google not answering adds
 * why ('Failed to sync events from Google Calendar' and the server's reason).
 */
export async function syncNow(): Promise<void> {
  const calendarIds = (state.calendars ?? []).filter((c) => c.visible).map((c) => c.id);
  if (calendarIds.length === 0) return say(m.nothingToSync);
  set({ syncing: true });
  try {
    const { savedEvents: count } = await googleApi.sync({ calendarIds, ...syncWindow() });
    say(count > 0 ? msg({ message: plural(count, { one: 'Successfully synced # event', other: 'Successfully synced # events' }) }) : m.nothingToSync);
    const status = await googleApi.status().catch(() => null);
    if (status) set({ status });
  } catch (err) {
    if (notConnected(err)) lostConnection();
    if (isUpstream(err)) flash(`${i18n._(m.syncFailed)}. ${i18n._(m.upstream)}`);
    else say(isNetwork(err) ? m.offline : m.syncError);
  } finally {
    set({ syncing: false });
  }
}

/** Show or hide one calendar (the server adds or removes its events on every device); undone on failure. */
export async function setVisible(calendarId: string, visible: boolean): Promise<void> {
  const before = state.calendars ?? [];
  set({ calendars: before.map((c) => (c.id === calendarId ? { ...c, visible } : c)) });
  try {
    const { calendar } = await googleApi.visibility(calendarId, visible);
    set({ calendars: (state.calendars ?? []).map((c) => (c.id === calendarId ? calendar : c)) });
  } catch (err) {
    set({ calendars: (state.calendars ?? []).map((c) => (c.id === calendarId ? { ...c, visible: !visible } : c)) });
    say(isNetwork(err) ? m.offline : m.visibilityFailed);
  }
}

/** Disconnect, keeping the imported events as read-only ones or deleting them; rejects for the dialog to say so. */
export async function disconnect(deleteEvents: boolean): Promise<void> {
  await googleApi.disconnect(deleteEvents);
  set({ status: { ...(state.status ?? { available: true, lastSyncAt: null }), connected: false, message: null }, calendars: null });
  say(deleteEvents ? m.disconnectedDeleted : m.disconnectedKept);
}

/**
 * After Google's redirect back: `?google=connected` (the server has already made the first sync; its events arrive
 * by replication) or `?google=error`. Either way the status is read again.
 */
export async function afterCallback(outcome: string): Promise<void> {
  say(outcome === 'connected' ? m.connected : m.connectFailed);
  await refreshStatus();
}

/** Tests: forget the state kept in memory. */
export function resetGoogleState(): void {
  state = initial;
  loadedFor = undefined;
}
