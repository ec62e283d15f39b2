import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDeleteOutline, mdiPencil } from '@mdi/js';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { ConfirmDialog, UnsavedChangesDialog } from './confirm-dialog';
import { AppDialog, type AppDialogProps } from './dialog';

/** The read-only state of a form dialog: Close and Edit, and Delete on the left when `onDelete` is given. */
export interface FormDialogViewing {
  onEdit(): void;
  onDelete?(): void;
}

export interface FormDialogProps extends Omit<AppDialogProps, 'open' | 'onOpenChange' | 'footer'> {
  /** Closing (Esc, outside click, the close button, Cancel) with changes asks first (SPEC section 4). */
  dirty: boolean | (() => boolean);
  onClose(): void;
  /** Set while the dialog only shows a record: the footer offers Close and Edit instead of Cancel and Save. */
  viewing?: FormDialogViewing;
  /** Save submits this form; without it Save calls `onSave` (a form that is not always mounted). */
  formId?: string;
  onSave?(): void;
  saveDisabled?: boolean;
  /** A failed save, shown in the footer; the dialog stays open. */
  saveError?: ReactNode;
}

/**
 * A create/view/edit dialog (SPEC section 2 forms): 600 px wide unless told otherwise, full screen below 600 px, a footer with the standard
 * Cancel + Save (or Close + Edit, with Delete) row, and the unsaved-changes question on close.
 */
export function FormDialog({ dirty, onClose, viewing, formId, onSave, saveDisabled, saveError, children, ...dialog }: FormDialogProps) {
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => ((typeof dirty === 'function' ? dirty() : dirty) ? setConfirmClose(true) : onClose());
  return (
    <AppDialog
      width={600}
      fullScreenOnNarrow
      {...dialog}
      open
      onOpenChange={(open) => !open && requestClose()}
      footer={
        <>
          {saveError && (
            <p role="alert" className="mr-auto text-sm text-danger">
              {saveError}
            </p>
          )}
          {viewing ? (
            <>
              {viewing.onDelete && (
                <Button variant="danger" icon={mdiDeleteOutline} className={cn(!saveError && 'mr-auto')} onClick={viewing.onDelete}>
                  <Trans>Delete</Trans>
                </Button>
              )}
              <Button variant="ghost" onClick={onClose}>
                <Trans>Close</Trans>
              </Button>
              <Button variant="primary" icon={mdiPencil} onClick={viewing.onEdit}>
                <Trans>Edit</Trans>
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" onClick={requestClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="primary" type={formId ? 'submit' : 'button'} form={formId} onClick={formId ? undefined : onSave} disabled={saveDisabled}>
                <Trans>Save</Trans>
              </Button>
            </>
          )}
        </>
      }
    >
      {children}
      <UnsavedChangesDialog
        open={confirmClose}
        onKeepEditing={() => setConfirmClose(false)}
        onDiscard={() => {
          setConfirmClose(false);
          onClose();
        }}
      />
    </AppDialog>
  );
}

export interface DialogFormProps {
  id: string;
  onSubmit(): void;
  className?: string;
  children: ReactNode;
}

/** The form inside a dialog: no browser validation (the app shows its own errors), Enter submits. */
export function DialogForm({ id, onSubmit, className, children }: DialogFormProps) {
  return (
    <form
      id={id}
      noValidate
      className={cn('flex flex-col gap-4', className)}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export interface DeleteConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  message: ReactNode;
  /** Shown when the delete fails; the question stays open. */
  errorText: ReactNode;
  /** What the delete is called in the console when it fails. */
  what: string;
  remove(): Promise<unknown>;
  /** Runs after a successful delete. */
  onDeleted(): void;
}

/** 'Delete this …?' with a danger Delete button: a failed delete is logged and shown, the question stays. */
export function DeleteConfirmDialog({ open, onOpenChange, title, message, errorText, what, remove, onDeleted }: DeleteConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      message={message}
      confirmLabel={t`Delete`}
      danger
      errorText={errorText}
      onConfirm={async () => {
        try {
          await remove();
        } catch (err) {
          console.error(`${what} delete failed`, err);
          throw err;
        }
        onDeleted();
      }}
    />
  );
}
