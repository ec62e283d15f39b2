import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../components/button';
import { DialogActions, DialogShell } from '../components/dialog-shell';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: ReactNode;
  /** May throw: the message of `errorText` is shown and the dialog stays open. */
  onConfirm(): Promise<void> | void;
  errorText?: ReactNode;
}

/** The generic confirmation (SPEC section 2, max 400 px): Cancel and a destructive confirm button. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, errorText }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (open) {
      setBusy(false);
      setFailed(false);
    }
  }, [open]);

  async function confirm() {
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={title} description={children}>
      {failed && errorText && (
        <p role="alert" className="text-sm text-danger">
          {errorText}
        </p>
      )}
      <DialogActions>
        <Button onClick={() => onOpenChange(false)} autoFocus>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </DialogShell>
  );
}
