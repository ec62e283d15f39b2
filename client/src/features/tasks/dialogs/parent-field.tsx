import { useLingui } from '@lingui/react/macro';
import { mdiFileTreeOutline } from '@mdi/js';
import { useState } from 'react';
import { PopoverField, PopoverPanel } from '../../../components/ui/popover-field';
import { useTitleOf } from '../components/labels';
import { TaskPicker } from '../components/task-picker';
import type { TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';

export interface ParentFieldProps {
  value: string | null;
  onChange(parent: string | null): void;
  /** Allowed parents: the task itself and its descendants are already left out (SPEC section 5). */
  choices: readonly TaskItem[];
  index: TaskIndex;
}

/** The parent-task picker: clearable, with a hint (SPEC section 2, task form). */
export function ParentField({ value, onChange, choices, index }: ParentFieldProps) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const [open, setOpen] = useState(false);
  const current = value ? index.byId.get(value) : undefined;
  const label = t`Parent task`;
  return (
    <PopoverField
      label={label}
      icon={mdiFileTreeOutline}
      display={current ? titleOf(current.title) : null}
      placeholder={t`No parent (top-level task)`}
      onClear={() => onChange(null)}
      clearLabel={t`Clear parent task`}
      hint={t`Make this a subtask of another task. Leave empty for a top-level task.`}
      open={open}
      onOpenChange={setOpen}
    >
      <PopoverPanel className="w-[var(--radix-popover-trigger-width)] min-w-64 max-w-[calc(100vw-1rem)] p-2">
        <TaskPicker
          choices={choices}
          index={index}
          selected={value}
          label={label}
          autoFocus
          onSelect={(picked) => {
            onChange(picked);
            setOpen(false);
          }}
        />
      </PopoverPanel>
    </PopoverField>
  );
}
