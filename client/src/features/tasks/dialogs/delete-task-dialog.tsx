import { Plural, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** SPEC section 2: the task delete confirmation, 300 px, Cancel and Delete. Subtasks at any depth go with it. */
export function DeleteTaskDialog({
  open,
  onOpenChange,
  onConfirm,
  subtaskCount,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
  subtaskCount: number;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      width={300}
      title={t`Delete this task?`}
      message={
        subtaskCount > 0 ? (
          <Plural value={subtaskCount} one="Its # subtask is deleted too. You can undo this." other="Its # subtasks are deleted too. You can undo this." />
        ) : (
          t`You can undo this right after.`
        )
      }
      cancelLabel={t`Cancel`}
      confirmLabel={t`Delete`}
      onConfirm={onConfirm}
      danger
    />
  );
}
