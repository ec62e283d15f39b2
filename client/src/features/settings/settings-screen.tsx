import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { useAuth } from '../../session/auth-store';
import { authMessages } from '../auth';
import { flushSettings, hasPendingSettings, type FlushResult } from './preferences';
import { AccountSection } from './account-section';
import { DangerZone } from './danger-zone';
import { PasswordSection } from './password-section';
import { DataSection } from './data/data-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { TelegramSection } from './telegram-section';
import { GoogleAccountSection } from './google-account-section';
import { SettingsGroup } from './controls';
import { AppearanceSection, DateTimeSection, GoogleCalendarSection, NotificationsSection, PrivacySection, VideoModeSection, type Report } from './sections';

/**
 * Settings (/auth/settings), in groups: Account, Appearance, Date and time, Notifications, Connections, Your
 * data, Video mode, Privacy, Security, then the Danger zone set apart. Every change applies on this device at
 * once and is sent when possible; a send that fails shows a small note and never blocks the screen.
 */
export function SettingsScreen() {
  const { i18n } = useLingui();
  const { user } = useAuth();
  const toggles = useFeatureToggles();
  const [result, setResult] = useState<FlushResult | null>(null);

  useEffect(() => {
    if (hasPendingSettings()) void flushSettings().then((r) => r !== 'sent' && setResult(r));
  }, []);

  if (!user) return null;
  const report: Report = (p) => void p.then((r) => setResult(r === 'sent' ? null : r));

  return (
    <div className="mx-auto w-full max-w-2xl xl:grid xl:max-w-5xl xl:grid-cols-[11rem_minmax(0,42rem)] xl:justify-center xl:gap-10">
      <SettingsIndex />
      <section aria-labelledby="settings-title" className="min-w-0 space-y-6">
        <h1 id="settings-title" className="flex items-center gap-2 text-2xl font-semibold text-ink">
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

        <AccountSection user={user} />
        <AppearanceSection report={report} />
        <DateTimeSection user={user} report={report} />
        <NotificationsSection report={report} />
        <SettingsGroup title={<Trans>Connections</Trans>} anchor="settings-connections">
          {/* The server's admin switched the Telegram bot or Google Calendar off: nothing to link. */}
          <GoogleAccountSection />
          {toggles.telegram && <TelegramSection />}
          {toggles.googleCalendar && <GoogleCalendarSection />}
          <CalendarFeedSection />
        </SettingsGroup>
        <DataSection />
        <VideoModeSection user={user} report={report} />
        <PrivacySection user={user} report={report} />
        <PasswordSection />
        <div className="pt-6">
          <DangerZone />
        </div>
      </section>
    </div>
  );
}

/** On wide screens, a quiet list of the groups beside them (anchor links); phones scroll. */
function SettingsIndex() {
  const { t } = useLingui();
  const videoAllowed = useFeatureToggles().brainrot;
  const all: [string, ReactNode][] = [
    ['settings-account', <Trans key="a">Account</Trans>],
    ['settings-appearance', <Trans key="b">Appearance</Trans>],
    ['settings-date-time', <Trans key="c">Date and time</Trans>],
    ['settings-notifications', <Trans key="d">Notifications</Trans>],
    ['settings-connections', <Trans key="e">Connections</Trans>],
    ['settings-data', <Trans key="f">Your data</Trans>],
    ['settings-video', <Trans key="g">Video mode</Trans>],
    ['settings-privacy', <Trans key="h">Privacy</Trans>],
    ['settings-security', <Trans key="i">Security</Trans>],
    ['settings-danger', <Trans key="j">Danger zone</Trans>],
  ];
  const items = all.filter(([id]) => videoAllowed || id !== 'settings-video');
  return (
    <nav aria-label={t`Settings sections`} className="hidden xl:block">
      <ul className="sticky top-4 space-y-1 pt-12 text-sm">
        {items.map(([id, label]) => (
          <li key={id}>
            <a href={`#${id}`} className="block rounded-md px-3 py-1.5 text-muted hover:bg-surface-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
