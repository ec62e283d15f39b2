import { z } from 'zod/mini';

/**
 * The server-wide switches an admin turns in /admin/feature-toggles (CONTRACT.md "public config"). Every flag is
 * on by default; the server refuses what is off (403 `FEATURE_DISABLED`) and the client hides it.
 */
export const FEATURE_TOGGLES = ['registration', 'feedback', 'news', 'brainrot', 'telegram', 'googleCalendar'] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];
export type FeatureToggles = Record<FeatureToggle, boolean>;

export const DEFAULT_FEATURE_TOGGLES: FeatureToggles = {
  registration: true,
  feedback: true,
  news: true,
  brainrot: true,
  telegram: true,
  googleCalendar: true,
};

const flag = z.optional(z.boolean('validation.invalid'));

/** `PUT /api/admin/feature-toggles`: a partial object of flags; unknown keys are refused. */
export const featureTogglesPatchSchema = z.strictObject(
  {
    registration: flag,
    feedback: flag,
    news: flag,
    brainrot: flag,
    telegram: flag,
    googleCalendar: flag,
  },
  'validation.invalid',
);

/** What the server answers when a switched-off feature is used (403). English; the client shows its own text. */
export const FEATURE_DISABLED_MESSAGES: Record<FeatureToggle, string> = {
  registration: 'Registration is turned off on this server',
  feedback: 'Feedback is turned off on this server',
  news: 'News is turned off on this server',
  brainrot: 'Video mode is turned off on this server',
  telegram: 'The Telegram bot is turned off on this server',
  googleCalendar: 'Google Calendar is turned off on this server',
};
