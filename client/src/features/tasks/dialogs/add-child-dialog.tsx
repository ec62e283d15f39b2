import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TaskPicker } from '../components/task-picker';
import type { TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';

export interface AddChildDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Allowed children: not the task itself, its current children or its ancestors (SPEC section 5). */
  choices: readonly TaskItem[];
  index: TaskIndex;
  onAdd(id: string): void;
}

/** Pick an existing task to become a child of the edited task: Cancel or Add. */
export function AddChildDialog({ open, onOpenChange, choices, index, onAdd }: AddChildDialogProps) {
  const { t } = useLingui();
  const [selected, setSelected] = useState<string | null>(null);
  const close = () => {
    setSelected(null);
    onOpenChange(false);
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={t`Add child task`}
      width={400}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant="primary"
            disabled={!selected}
            onClick={() => {
              if (!selected) return;
              onAdd(selected);
              close();
            }}
          >
            <Trans>Add</Trans>
          </Button>
        </>
      }
    >
      <TaskPicker choices={choices} index={index} selected={selected} onSelect={setSelected} label={t`Tasks`} autoFocus />
    </AppDialog>
  );
}
