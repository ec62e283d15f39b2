import { Trans, useLingui } from '@lingui/react/macro';
import { mdiLinkVariantOff, mdiRefresh, mdiSend } from '@mdi/js';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api';
import { SettingsSection } from './controls';
import { useOnline } from '../../lib/use-online';
import { getTelegramStatus, LINK_CODE_TTL_MS, linkTelegram, unlinkTelegram, type TelegramLink, type TelegramStatus } from './telegram-api';

/** How often the section asks whether the chat was linked while it waits for it. */
export const TELEGRAM_POLL_MS = 3_000;

type Waiting = TelegramLink & { until: number };

/**
 * Settings → Telegram (docs/telegram.md): link a Telegram chat so anything sent to the bot lands in the inbox.
 * "Link Telegram" asks for a one-time code and opens `t.me/<bot>?start=<code>` (the link and the code stay on
 * screen in case the window was blocked); the section then asks every 3 s, for the code's 10 minutes, whether
 * the chat was linked, and "Check again" asks at once. Linked: "Connected as @username" with Unlink.
 */
export function TelegramSection() {
  const { t } = useLingui();
  const online = useOnline();
  const [status, setStatus] = useState<TelegramStatus | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  const failure = (err: unknown): string => {
    if (err instanceof ApiError && err.isNetwork) return t`This needs a connection to the server. Nothing was changed; try again when you are online.`;
    if (err instanceof ApiError && err.code === 'TELEGRAM_UNREACHABLE') return t`Telegram cannot be reached right now. Please try again in a few minutes.`;
    if (err instanceof ApiError && err.status === 429) return t`Too many requests. Please try again in a few minutes.`;
    return t`Something went wrong. Nothing was changed; please try again later.`;
  };

  /** Re-reads the status; once linked, the wait is over. */
  const refresh = useCallback(async () => {
    const next = await getTelegramStatus();
    setStatus(next);
    if (next.linked) setWaiting(null);
    return next;
  }, []);

  useEffect(() => {
    if (!online) return;
    refresh().catch(() => undefined); // the section shows its state once the server answers
  }, [online, refresh]);

  // While a code is out: ask every few seconds until the chat is linked or the code has expired.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (Date.now() >= waiting.until) {
        setWaiting(null);
        setExpired(true);
        return;
      }
      refresh().catch(() => undefined);
    }, TELEGRAM_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, refresh]);

  const link = async () => {
    setError(null);
    setExpired(false);
    setBusy(true);
    try {
      const made = await linkTelegram();
      setWaiting({ ...made, until: Date.now() + LINK_CODE_TTL_MS });
      window.open(made.url, '_blank', 'noopener');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TELEGRAM_UNAVAILABLE') setStatus({ available: false, linked: false });
      else setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const checkAgain = async () => {
    setError(null);
    try {
      const next = await refresh();
      if (!next.linked) setError(t`Not linked yet. In Telegram, press Start in the chat with the bot (or send it the command below), then check again.`);
    } catch (err) {
      setError(failure(err));
    }
  };

  const unlink = async () => {
    await unlinkTelegram();
    setStatus((s) => ({ available: s?.available ?? true, linked: false }));
  };

  const username = status?.username;
  return (
    <SettingsSection title={<Trans>Telegram</Trans>}>
      <div className="space-y-3 px-4 py-3">
        <p className="text-sm text-muted">
          <Trans>Send a thought to the app's Telegram bot (text, a photo with a caption, or a forwarded message) and it lands in your inbox.</Trans>
        </p>
        {!online && (
          <FormAlert tone="info">
            <Trans>Linking Telegram needs a connection to the server. You are offline.</Trans>
          </FormAlert>
        )}
        {status && !status.available && (
          <FormAlert tone="info">
            <Trans>Telegram capture is not available on this server.</Trans>
          </FormAlert>
        )}
        {status?.available && status.linked && (
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-ink">{username ? <Trans>Connected as @{username}</Trans> : <Trans>Connected</Trans>}</p>
            <Button icon={mdiLinkVariantOff} variant="secondary" onClick={() => setConfirmUnlink(true)} disabled={!online}>
              <Trans>Unlink</Trans>
            </Button>
          </div>
        )}
        {status?.available && !status.linked && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-ink">
              <Trans>Not connected</Trans>
            </p>
            <Button icon={mdiSend} variant={waiting ? 'secondary' : 'primary'} onClick={() => void link()} busy={busy} disabled={busy || !online}>
              <Trans>Link Telegram</Trans>
            </Button>
          </div>
        )}
        {waiting && status?.available && !status.linked && <WaitingForChat waiting={waiting} onCheck={() => void checkAgain()} />}
        {expired && !waiting && !status?.linked && (
          <FormAlert tone="info">
            <Trans>The link code has expired. Press "Link Telegram" for a new one.</Trans>
          </FormAlert>
        )}
        {error && <FormAlert>{error}</FormAlert>}
      </div>
      <ConfirmDialog
        open={confirmUnlink}
        onOpenChange={setConfirmUnlink}
        title={<Trans>Unlink Telegram?</Trans>}
        message={<Trans>Messages to the bot stop reaching your inbox. Items already saved stay.</Trans>}
        confirmLabel={<Trans>Unlink</Trans>}
        danger
        onConfirm={unlink}
        errorText={<Trans>Telegram could not be unlinked. Please try again.</Trans>}
      />
    </SettingsSection>
  );
}

/** The link and the code while the section waits for the chat (in case the new window was blocked). */
function WaitingForChat({ waiting, onCheck }: { waiting: Waiting; onCheck: () => void }) {
  const command = `/start ${waiting.code}`;
  return (
    <div className="space-y-2 rounded-md border border-line bg-surface-2 px-4 py-3 text-sm text-ink" aria-live="polite">
      <p>
        <Trans>Telegram should open the bot: press Start there. This page notices the link by itself.</Trans>
      </p>
      <p>
        <Trans>If Telegram did not open, use this link:</Trans>{' '}
        <a href={waiting.url} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-primary underline underline-offset-2">
          {waiting.url}
        </a>
      </p>
      <p>
        <Trans>or send the bot this message:</Trans>
        <code className="mt-1 block rounded bg-surface px-2 py-1 font-mono break-all select-all">{command}</code>
      </p>
      <p className="text-muted">
        <Trans>The code works once, for 10 minutes.</Trans>
      </p>
      <Button icon={mdiRefresh} variant="secondary" onClick={onCheck}>
        <Trans>I've sent it — check again</Trans>
      </Button>
    </div>
  );
}
