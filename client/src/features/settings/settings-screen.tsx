import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { readFontSize, readTheme, type FontSize, type Theme } from '../../lib/theme';
import { isLocale, type Locale } from '../../i18n';
import { timeZone } from '../../lib/api';
import { useAuth } from '../../session/auth-store';
import { fieldBox } from '../../components/ui/cn';
import { authMessages } from '../auth';
import { flushSettings, hasPendingSettings, savePreferences, saveProfile, type FlushResult, type PreferencesPatch } from './preferences';
import { AccountSection } from './account-section';
import { PasswordSection } from './password-section';
import { DataSection } from './data/data-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { TelegramSection } from './telegram-section';
import { ChoiceGroup, SettingRow, SettingsSection } from './controls';

function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['UTC'];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Settings (/auth/settings). Every change applies on this device at once and is sent when possible; a send
 * that fails shows a small note and never blocks the screen.
 */
export function SettingsScreen() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const [theme, setTheme] = useState<Theme>(readTheme);
  const [fontSize, setFontSize] = useState<FontSize>(readFontSize);
  const [result, setResult] = useState<FlushResult | null>(null);
  const tzId = useId();
  const deviceZone = timeZone();
  const zones = useMemo(() => timeZones(user?.timezone ?? deviceZone), [user?.timezone, deviceZone]);

  useEffect(() => {
    if (hasPendingSettings()) void flushSettings().then((r) => r !== 'sent' && setResult(r));
  }, []);

  if (!user) return null;
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const report = (p: Promise<FlushResult>) => void p.then((r) => setResult(r === 'sent' ? null : r));
  /** Theme and text size apply on this device at once and are saved to the account. */
  const appearance =
    <K extends 'theme' | 'fontSize'>(key: K, set: (value: PreferencesPatch[K] & string) => void) =>
    (value: PreferencesPatch[K] & string) => {
      set(value);
      report(savePreferences({ [key]: value }));
    };
  const themes: { value: Theme; label: string }[] = [
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
    { value: 'system', label: t`System` },
  ];
  const sizes: { value: FontSize; label: string }[] = [
    { value: 'small', label: t`Small` },
    { value: 'medium', label: t`Medium` },
    { value: 'large', label: t`Large` },
  ];

  return (
    <section className="mx-auto w-full max-w-2xl space-y-5">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-ink">
        <span aria-hidden className="h-6 w-1.5 rounded-full" style={{ background: 'var(--color-section-settings)' }} />
        <Trans>Settings</Trans>
      </h1>
      <div aria-live="polite">
        {result === 'offline' && (
          <p className="rounded-md bg-surface-2 px-3 py-2 text-sm text-muted">
            <Trans>Saved on this device. It will reach your account when you are back online.</Trans>
          </p>
        )}
        {result === 'failed' && <p className="rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">{i18n._(authMessages.profileFailed)}</p>}
      </div>

      <SettingsSection title={<Trans>Language and appearance</Trans>}>
        <ChoiceGroup
          legend={<Trans>Language</Trans>}
          name="locale"
          value={locale}
          options={[
            { value: 'en', label: 'English' },
            { value: 'ru', label: 'Русский' },
          ]}
          onChange={(v) => report(savePreferences({ locale: v }))}
        />
        <ChoiceGroup legend={<Trans>Theme</Trans>} name="theme" value={theme} options={themes} onChange={appearance('theme', setTheme)} />
        <ChoiceGroup legend={<Trans>Text size</Trans>} name="fontSize" value={fontSize} options={sizes} onChange={appearance('fontSize', setFontSize)} />
      </SettingsSection>

      <SettingsSection title={<Trans>Date and time</Trans>}>
        <ChoiceGroup
          legend={<Trans>Clock</Trans>}
          name="clockMode"
          value={user.clockMode}
          options={[
            { value: '12h', label: t`12-hour` },
            { value: '24h', label: t`24-hour` },
          ]}
          onChange={(v) => report(saveProfile({ clockMode: v }))}
        />
        <ChoiceGroup
          legend={<Trans>Week starts on</Trans>}
          name="weekStartDay"
          value={user.weekStartDay === 1 ? '1' : '0'}
          options={[
            { value: '0', label: t`Sunday` },
            { value: '1', label: t`Monday` },
          ]}
          onChange={(v) => report(saveProfile({ weekStartDay: Number(v) }))}
        />
        <SettingRow
          label={<Trans>Time zone</Trans>}
          labelFor={tzId}
          description={
            user.timezone !== deviceZone ? (
              <button type="button" className="text-primary underline underline-offset-2" onClick={() => report(saveProfile({ timezone: deviceZone }))}>
                <Trans>Use this device's time zone ({deviceZone})</Trans>
              </button>
            ) : (
              <Trans>Same as this device.</Trans>
            )
          }
        >
          <select
            id={tzId}
            value={user.timezone}
            onChange={(e) => report(saveProfile({ timezone: e.target.value }))}
            className={`${fieldBox} sm:w-64`}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </SettingRow>
      </SettingsSection>

      <DataSection />

      <CalendarFeedSection />

      <TelegramSection />

      <PasswordSection />

      <AccountSection user={user} onMarketing={(v) => report(saveProfile({ marketingConsent: v }))} />
    </section>
  );
}
