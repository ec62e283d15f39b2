import { z } from 'zod/mini';
import {
  DEFAULT_PREFERENCES,
  preferencesSchema,
  type Preferences,
  type PublicUser,
} from '@adhd/shared/users/schema';
import type { UserRow } from './repository.js';

/** Preferences kept in their own user columns; the JSON column holds the rest (locale, theme, font size, notifications). */
export const COLUMN_PREFERENCES = ['timezone', 'weekStartDay', 'clockMode', 'brainrotEnabled'] as const;

export type StoredPreferences = Pick<Preferences, 'locale' | 'theme' | 'fontSize' | 'notifications'>;
export type FullPreferences = Omit<Required<Preferences>, 'notifications'> & {
  notifications: { email: boolean; push: boolean; sound: boolean };
};

/** The JSON column, reduced to valid known fields (a corrupt or outdated value never breaks a read). */
export function storedPreferences(row: Pick<UserRow, 'preferences'>): StoredPreferences {
  let raw: unknown;
  try {
    raw = JSON.parse(row.preferences);
  } catch {
    raw = {};
  }
  const parsed = z.safeParse(preferencesSchema, raw);
  if (!parsed.success) return {};
  const { locale, theme, fontSize, notifications } = parsed.data;
  return { locale, theme, fontSize, notifications };
}

/** DEFAULT_PREFERENCES, then the stored JSON, then the user columns (which always win). */
export function preferencesOf(row: UserRow): FullPreferences {
  const stored = storedPreferences(row);
  return {
    locale: stored.locale ?? DEFAULT_PREFERENCES.locale,
    theme: stored.theme ?? DEFAULT_PREFERENCES.theme,
    fontSize: stored.fontSize ?? DEFAULT_PREFERENCES.fontSize,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...stripUndefined(stored.notifications ?? {}) },
    timezone: row.timezone,
    weekStartDay: row.week_start_day,
    clockMode: row.clock_mode,
    brainrotEnabled: row.brainrot_enabled === 1,
  };
}

export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A user as the API answers it (never the password hash). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified === 1,
    marketingConsent: row.marketing_consent === 1,
    role: row.role,
    timezone: row.timezone,
    weekStartDay: row.week_start_day,
    clockMode: row.clock_mode,
    brainrotEnabled: row.brainrot_enabled === 1,
    locale: storedPreferences(row).locale ?? 'en',
    googleLinked: row.google_account !== null,
    hasPassword: row.password_hash !== '',
    telegramLinked: row.telegram_account !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
