import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { PublicUser } from '@adhd/shared/users/schema';
import { fieldBox } from '../../components/ui/cn';
import { timeZone } from '../../lib/api';
import { readFontSize, readTheme, type FontSize, type Theme } from '../../lib/theme';
import { isLocale, type Locale } from '../../i18n';
import { ChoiceGroup, SectionNote, SettingRow, SettingsSection, ToggleRow } from './controls';
import { useNotifications } from './notifications';
import type { FlushResult } from './preferences';
import { savePreferences, saveProfile } from './save';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { VideoModeNotice } from '../brainrot';
import { GoogleCalendarConnection } from '../calendar';

/** Shows how a change's send went (the screen's small note); the change itself has applied already. */
export type Report = (sent: Promise<FlushResult>) => void;

/** Settings → Appearance: language, theme and text size (the text size scales the whole app). */
export function AppearanceSection({ report }: { report: Report }) {
  const { t, i18n } = useLingui();
  const [theme, setTheme] = useState<Theme>(readTheme);
  const [fontSize, setFontSize] = useState<FontSize>(readFontSize);
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <SettingsSection title={<Trans>Appearance</Trans>} anchor="settings-appearance">
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
      <ChoiceGroup
        legend={<Trans>Theme</Trans>}
        name="theme"
        value={theme}
        options={[
          { value: 'light', label: t`Light` },
          { value: 'dark', label: t`Dark` },
          { value: 'system', label: t`System` },
        ]}
        onChange={(v) => {
          setTheme(v);
          report(savePreferences({ theme: v }));
        }}
      />
      <ChoiceGroup
        legend={<Trans>Text size</Trans>}
        name="fontSize"
        value={fontSize}
        options={[
          { value: 'small', label: t`Small` },
          { value: 'medium', label: t`Medium` },
          { value: 'large', label: t`Large` },
        ]}
        onChange={(v) => {
          setFontSize(v);
          report(savePreferences({ fontSize: v }));
        }}
      />
    </SettingsSection>
  );
}

function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['UTC'];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Settings → Date and time: time zone, clock format and the first day of the week. */
export function DateTimeSection({ user, report }: { user: PublicUser; report: Report }) {
  const { t } = useLingui();
  const tzId = useId();
  const deviceZone = timeZone();
  const zones = useMemo(() => timeZones(user.timezone || deviceZone), [user.timezone, deviceZone]);
  return (
    <SettingsSection title={<Trans>Date and time</Trans>} anchor="settings-date-time">
      <SettingRow
        label={<Trans>Time zone</Trans>}
        labelFor={tzId}
        description={
          user.timezone !== deviceZone ? (
            <button type="button" className="text-left text-primary underline underline-offset-2" onClick={() => report(saveProfile({ timezone: deviceZone }))}>
              <Trans>Use this device's time zone ({deviceZone})</Trans>
            </button>
          ) : (
            <Trans>Same as this device.</Trans>
          )
        }
      >
        <select id={tzId} value={user.timezone} onChange={(e) => report(saveProfile({ timezone: e.target.value }))} className={`${fieldBox} w-full sm:w-64`}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </SettingRow>
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
    </SettingsSection>
  );
}

/** Settings → Notifications: email, push and sound. Stored in the account now; the reminders will deliver them. */
export function NotificationsSection({ report }: { report: Report }) {
  const notifications = useNotifications();
  const set = (key: keyof typeof notifications) => (value: boolean) => report(savePreferences({ notifications: { ...notifications, [key]: value } }));
  return (
    <SettingsSection title={<Trans>Notifications</Trans>} anchor="settings-notifications">
      <ToggleRow label={<Trans>Email</Trans>} checked={notifications.email} onChange={set('email')} />
      <ToggleRow label={<Trans>Push notifications</Trans>} checked={notifications.push} onChange={set('push')} />
      <ToggleRow label={<Trans>Sound</Trans>} checked={notifications.sound} onChange={set('sound')} />
      <SectionNote>
        <Trans>Your choices are saved to your account. Notifications will arrive once reminders are part of the app.</Trans>
      </SectionNote>
    </SettingsSection>
  );
}

/**
 * Settings → Connections → Google Calendar (issue 19): whether this server offers it, Connect, or the connected
 * calendars with Sync now and Disconnect (the calendar feature's own controls, the same as its Google panel).
 */
export function GoogleCalendarSection() {
  return (
    <SettingsSection title={<Trans>Google Calendar</Trans>}>
      <GoogleCalendarConnection />
    </SettingsSection>
  );
}

/** Settings → Video mode (the brainrot switch; off by default), hidden while the server's brainrot toggle is off. */
export function VideoModeSection({ user, report }: { user: PublicUser; report: Report }) {
  const allowed = useFeatureToggles().brainrot;
  if (!allowed) return null;
  return (
    <SettingsSection title={<Trans>Video mode</Trans>} anchor="settings-video">
      <ToggleRow
        label={<Trans>Video mode</Trans>}
        description={<Trans>Plays looping videos in the background while you work. Off by default.</Trans>}
        checked={user.brainrotEnabled}
        onChange={(v) => report(saveProfile({ brainrotEnabled: v }))}
      />
      {user.brainrotEnabled && <VideoModeNotice />}
    </SettingsSection>
  );
}

/** Settings → Privacy: the marketing emails consent. */
export function PrivacySection({ user, report }: { user: PublicUser; report: Report }) {
  return (
    <SettingsSection title={<Trans>Privacy</Trans>} anchor="settings-privacy">
      <ToggleRow
        label={<Trans>News and tips by email</Trans>}
        description={<Trans>Occasional, never more than once a month. You can turn it off at any time.</Trans>}
        checked={user.marketingConsent}
        onChange={(v) => report(saveProfile({ marketingConsent: v }))}
      />
    </SettingsSection>
  );
}
