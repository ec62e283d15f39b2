import { activateLocale } from '../../i18n';
import { applyAppearance, readFontSize, readTheme } from '../../lib/theme';
import { authStore } from '../../session/auth-store';
import { writeNotifications } from './notifications';
import { flushSettings, queue, type FlushResult, type PreferencesPatch, type ProfilePatch } from './preferences';

/*
 * A change made in settings: applied on this device at once, then queued and sent when possible. Loaded with
 * the settings screen (and the account read), not on the start path (the queue itself is in `preferences.ts`).
 */

/** Language, theme, font size or notifications: applied now, saved to the account when possible. */
export async function savePreferences(patch: PreferencesPatch): Promise<FlushResult> {
  if (patch.theme || patch.fontSize) applyAppearance(patch.theme ?? readTheme(), patch.fontSize ?? readFontSize());
  if (patch.notifications) writeNotifications(patch.notifications);
  if (patch.locale) {
    await activateLocale(patch.locale);
    authStore.updateUser({ locale: patch.locale });
  }
  queue({ preferences: patch });
  return flushSettings();
}

/** Time zone, clock, week start, marketing consent or video mode: applied to the local profile now, sent when possible. */
export function saveProfile(patch: ProfilePatch): Promise<FlushResult> {
  authStore.updateUser(patch);
  queue({ profile: patch });
  return flushSettings();
}
