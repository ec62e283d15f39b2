import { Trans, useLingui } from '@lingui/react/macro';
import { mdiChevronDown, mdiChevronUp, mdiGoogle } from '@mdi/js';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { Button, IconButton } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Icon } from '../../../components/ui/icon';
import { useFeatureToggles } from '../../../lib/feature-toggles';
import { flash } from '../../../lib/flash';
import { useOnline } from '../../../lib/use-online';
import { GoogleCalendarControls } from './google-panel';
import { googleMessages } from './messages';
import { afterCallback, connect, refreshStatus, useGoogleState } from './store';

/**
 * The calendar screen's Google pieces (issue 19): the status read when the screen opens and when the device
 * comes back online, `?google=connected|error` after Google's redirect (a toast, then the parameter leaves the
 * address), the toolbar button and the panel below the toolbar. When the server has no GOOGLE_CLIENT_ID the toolbar
 * keeps one quiet Google icon that says so when tapped; when the admin switched the feature off there is nothing.
 */
export function useGoogleConnection(): void {
  const enabled = useFeatureToggles().googleCalendar;
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('google');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (outcome) {
      if (handled.current === outcome) return;
      handled.current = outcome;
      const rest = new URLSearchParams(params);
      rest.delete('google');
      setParams(rest, { replace: true });
      void afterCallback(outcome);
    } else if (enabled && online) void refreshStatus();
    // The parameter's change alone: `params` is a new object on every render of the address.
  }, [outcome, enabled, online]);
}

/** The toolbar's Google button: "Connect Google Calendar", or "Google" opening the panel once connected. */
export function GoogleToolbarButton({ open, onToggle, panelId }: { open: boolean; onToggle(): void; panelId: string }) {
  const { t, i18n } = useLingui();
  const enabled = useFeatureToggles().googleCalendar;
  const online = useOnline();
  const { status } = useGoogleState();
  if (!enabled || !status) return null;
  if (!status.available) {
    // This server does not offer Google Calendar (no GOOGLE_CLIENT_ID): one quiet icon, so the person can learn why.
    return (
      <IconButton
        icon={mdiGoogle}
        label={t`Google Calendar`}
        onClick={() => flash(i18n._(googleMessages.notOffered))}
      />
    );
  }
  if (!status.connected && status.message) return null;
  if (status.connected) {
    return (
      <Button onClick={onToggle} aria-expanded={open} aria-controls={panelId} className="shrink-0 max-sm:w-11 max-sm:px-0" title={t`Google Calendar`}>
        <Icon path={mdiGoogle} size={18} />
        <span className="max-sm:sr-only">
          <Trans>Google</Trans>
        </span>
        <Icon path={open ? mdiChevronUp : mdiChevronDown} size={16} className="max-sm:hidden" />
      </Button>
    );
  }
  const offline = i18n._(googleMessages.offline);
  return (
    <Button
      icon={mdiGoogle}
      onClick={() => void connect()}
      disabled={!online}
      title={online ? undefined : offline}
      aria-description={online ? undefined : offline}
      className="shrink-0 max-sm:w-11 max-sm:px-0"
    >
      <span className="max-sm:sr-only">
        <Trans>Connect Google Calendar</Trans>
      </span>
    </Button>
  );
}

/** Below the toolbar: the connection that Google ended (with "Reconnect"), or the open Google panel. */
export function GoogleCalendarPanel({ open, id, onClose }: { open: boolean; id: string; onClose(): void }) {
  const online = useOnline();
  const { status } = useGoogleState();
  const enabled = useFeatureToggles().googleCalendar;
  if (!enabled || !status?.available) return null;
  if (!status.connected && status.message) return <ConnectionEnded message={status.message} online={online} />;
  if (!status.connected || !open) return null;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-3 sm:p-4" data-testid="google-panel">
      <div className="mb-3 flex items-center gap-2">
        <Icon path={mdiGoogle} size={18} className="text-muted" />
        <h2 id={`${id}-title`} className="flex-1 text-base font-semibold">
          <Trans>Google Calendar</Trans>
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <Trans>Hide</Trans>
        </Button>
      </div>
      <GoogleCalendarControls />
    </section>
  );
}

/** Google ended the connection on its own (a revoked access): say so calmly, with one action. */
export function ConnectionEnded({ message, online }: { message: string; online: boolean }) {
  const { i18n } = useLingui();
  return (
    <FormAlert tone="info" title={<Trans>Google Calendar is no longer connected</Trans>}>
      <p>
        <Trans>Google stopped this app's access to your calendar. Events already imported stay read-only. Reconnect to keep them up to date.</Trans>
      </p>
      <p className="text-muted">{message}</p>
      <div className="pt-1">
        <Button variant="primary" size="sm" icon={mdiGoogle} onClick={() => void connect()} disabled={!online} title={online ? undefined : i18n._(googleMessages.offline)}>
          <Trans>Reconnect</Trans>
        </Button>
      </div>
    </FormAlert>
  );
}
