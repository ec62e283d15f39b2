import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { googleMessages } from './messages';
import { disconnect } from './store';

/**
 * "Disconnect Google Calendar?" with the choice of what happens to the imported events (SPEC section 4): keep them
 * as read-only events (the default, nothing is lost) or delete them. A failure keeps the dialog open and says so.
 */
export function DisconnectDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState<'keep' | 'delete'>('keep');
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (open) {
      setChoice('keep');
      setFailed(false);
    }
  }, [open]);

  const confirm = async () => {
    setRunning(true);
    setFailed(false);
    try {
      await disconnect(choice === 'delete');
      onOpenChange(false);
    } catch {
      setFailed(true);
    } finally {
      setRunning(false);
    }
  };

  const options = [
    { value: 'keep', label: t`Keep the imported events`, hint: t`They stay in your calendar as read-only events.` },
    { value: 'delete', label: t`Delete the imported events`, hint: t`They disappear from your calendar on every device.` },
  ] as const;
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => !running && onOpenChange(o)}
      title={t`Disconnect Google Calendar?`}
      description={t`The app stops reading your Google calendars. Nothing changes in Google.`}
      width={400}
      data-testid="google-disconnect"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={running}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant={choice === 'delete' ? 'danger' : 'primary'} onClick={() => void confirm()} busy={running}>
            <Trans>Disconnect</Trans>
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-ink">
          <Trans>What happens to the events already imported?</Trans>
        </legend>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line px-3 py-2.5 has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input type="radio" name="google-imported" value={o.value} checked={choice === o.value} onChange={() => setChoice(o.value)} className="mt-1 size-4 accent-primary" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink">{o.label}</span>
              <span className="block text-sm text-muted">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {i18n._(googleMessages.disconnectFailed)}
        </p>
      )}
    </AppDialog>
  );
}
