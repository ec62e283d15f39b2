import type { Preferences } from '@adhd/shared/users/schema';
import { activateLocale, i18n, isLocale } from '../../i18n';
import { request } from '../../lib/api';
import { applyAppearance, readFontSize, readTheme } from '../../lib/theme';
import { authStore } from '../../session/auth-store';
import { readNotifications, writeNotifications, type Notifications } from './notifications';
import { hasPendingSettings } from './preferences';
import { savePreferences } from './save';
import { readSeen, SEEN_KEY, seenOf } from './keys';

/**
 * Settings made on another device reach this one (SPEC section 2: "each change syncs to other devices").
 * Week start, clock, time zone and video mode come with the user object of every session check; theme, font
 * size, language and notifications live in the account's preferences, read here with `GET
 * /api/user/preferences` whenever a session check brings a user whose `updatedAt` this device has not
 * applied yet (the check runs at start, every 5 minutes, when the tab is shown again, when back online).
 * Changes of this device still waiting to be sent win: nothing is applied while any is queued.
 */

type AccountPreferences = Preferences & { notifications?: Partial<Notifications> };

function writeSeen(value: string) {
  try {
    localStorage.setItem(SEEN_KEY, value);
  } catch {
    /* storage unavailable: the next check reads the preferences again */
  }
}

const readAccount = () => request<{ preferences: AccountPreferences }>('/api/user/preferences', { retries: 0 }).then((r) => r.preferences);

/** Applies the account's values on this device. `chosenOnly`: only a theme or size that differs from the defaults. */
async function apply(prefs: AccountPreferences, { chosenOnly }: { chosenOnly: boolean }) {
  const theme = prefs.theme && !(chosenOnly && prefs.theme === 'system') ? prefs.theme : readTheme();
  const fontSize = prefs.fontSize && !(chosenOnly && prefs.fontSize === 'medium') ? prefs.fontSize : readFontSize();
  if (theme !== readTheme() || fontSize !== readFontSize()) applyAppearance(theme, fontSize);
  if (prefs.notifications) {
    const now = readNotifications();
    const next = { ...now, ...prefs.notifications };
    if (next.email !== now.email || next.push !== now.push || next.sound !== now.sound) writeNotifications(next);
  }
  if (!chosenOnly && prefs.locale && isLocale(prefs.locale)) {
    if (i18n.locale !== prefs.locale) await activateLocale(prefs.locale);
    if (authStore.getState().user?.locale !== prefs.locale) authStore.updateUser({ locale: prefs.locale });
  }
}

let refreshing: Promise<boolean> | null = null;
/** The account state the read under way is for (a user update meanwhile with the same `updatedAt` needs no new read). */
let readingFor: string | null = null;
let again = false;

/**
 * Reads the account's preferences and applies them, unless this device has changes queued (before or while
 * asking). True when applied; offline or refused, this device's values stay and the next check tries again.
 * A call while a read is under way reads once more after it (the account may have changed in between).
 */
export function refreshFromAccount(): Promise<boolean> {
  const user = authStore.getState().user;
  if (refreshing) {
    if (user && seenOf(user) === readingFor) return refreshing;
    again = true;
    return refreshing;
  }
  refreshing = readAndApply().finally(() => {
    refreshing = null;
    const now = authStore.getState().user;
    if (again && now && seenOf(now) !== readSeen()) void refreshFromAccount();
    again = false;
  });
  return refreshing;
}

async function readAndApply(): Promise<boolean> {
  const user = authStore.getState().user;
  if (!user || hasPendingSettings()) return false;
  readingFor = seenOf(user);
  try {
    const prefs = await readAccount();
    const now = authStore.getState().user;
    if (hasPendingSettings() || now?._id !== user._id) return false;
    await apply(prefs, { chosenOnly: false });
    writeSeen(seenOf(now));
    return true;
  } catch {
    return false;
  } finally {
    readingFor = null;
  }
}

/**
 * After signing in: the account's theme and font size apply on this device when they were chosen (not the
 * defaults), and its notification switches, unless this device has changes of its own still waiting to be
 * sent. The language stays as it is (the user has just signed in with it) and becomes the account's, so
 * the other devices follow it rather than the next refresh here switching back.
 */
export async function adoptAccountPreferences(): Promise<void> {
  const user = authStore.getState().user;
  if (!user || hasPendingSettings()) return;
  try {
    const prefs = await readAccount();
    await apply(prefs, { chosenOnly: true });
    writeSeen(seenOf(user));
    const here = i18n.locale;
    if (isLocale(here) && prefs.locale !== here) void savePreferences({ locale: here });
  } catch {
    /* offline or refused: this device's choices stay */
  }
}

export { SEEN_KEY };
