import { useLingui } from '@lingui/react/macro';
import { mdiClose, mdiFileTreeOutline } from '@mdi/js';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, fieldBox } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
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
  const id = useId();
  const [open, setOpen] = useState(false);
  const current = value ? index.byId.get(value) : undefined;
  const label = t`Parent task`;
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <div className="relative flex items-center">
          <Popover.Trigger asChild>
            <button
              type="button"
              id={id}
              aria-labelledby={`${id}-label ${id}`}
              aria-describedby={`${id}-hint`}
              className={cn(fieldBox, 'flex items-center gap-2 pr-12 text-left text-sm')}
            >
              <Icon path={mdiFileTreeOutline} size={18} className="text-muted" />
              <span className={cn('truncate', !current && 'text-muted')}>{current ? titleOf(current.title) : t`No parent (top-level task)`}</span>
            </button>
          </Popover.Trigger>
          {value && (
            <span className="absolute right-0.5 flex">
              <IconButton icon={mdiClose} size="sm" label={t`Clear parent task`} onClick={() => onChange(null)} />
            </span>
          )}
        </div>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-[70] w-[var(--radix-popover-trigger-width)] min-w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-surface p-2 text-ink shadow-xl outline-none"
          >
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
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t`Make this a subtask of another task. Leave empty for a top-level task.`}
      </p>
    </div>
  );
}
