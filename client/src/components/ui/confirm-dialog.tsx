import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** When it returns a promise the dialog stays open (confirm disabled) until it settles; a rejection shows `errorText`. */
  onConfirm(): void | Promise<void>;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  /** Work in progress outside the dialog: the confirm button is disabled. */
  busy?: boolean;
  /** Shown when an async `onConfirm` fails; the dialog stays open so the user can retry or cancel. */
  errorText?: ReactNode;
  /** 400 px by default (SPEC: generic confirmation); 300 px for the task delete confirmation. */
  width?: 300 | 400;
}

/** A question with Cancel and a confirm button (Radix AlertDialog: focus starts on Cancel, Esc cancels). */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, cancelLabel, onConfirm, danger, busy, errorText, width = 400 }: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (open) setFailed(false);
  }, [open]);

  const confirm = (event: { preventDefault(): void }) => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return; // closes as AlertDialog.Action does
    event.preventDefault();
    setRunning(true);
    setFailed(false);
    result.then(
      () => {
        setRunning(false);
        onOpenChange(false);
      },
      () => {
        setRunning(false);
        setFailed(true);
      },
    );
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/40 motion-safe:animate-[page-fade-in_120ms_ease-out]" />
        <AlertDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-5 text-ink shadow-2xl outline-none',
            width === 300 ? 'max-w-[300px]' : 'max-w-[400px]',
          )}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className={message ? 'mt-2 text-sm text-muted' : 'sr-only'}>{message ?? title}</div>
          </AlertDialog.Description>
          {failed && errorText && (
            <p role="alert" className="mt-3 text-sm text-danger">
              {errorText}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{cancelLabel ?? <Trans>Cancel</Trans>}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} disabled={busy || running}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface UnsavedChangesDialogProps {
  open: boolean;
  onDiscard(): void;
  onKeepEditing(): void;
}

/** SPEC section 4: closing with unsaved changes asks first; Discard closes, Keep editing goes back. */
export function UnsavedChangesDialog({ open, onDiscard, onKeepEditing }: UnsavedChangesDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onKeepEditing()}
      title={t`Discard changes?`}
      message={t`Your changes have not been saved.`}
      confirmLabel={t`Discard`}
      cancelLabel={t`Keep editing`}
      onConfirm={onDiscard}
      danger
    />
  );
}
