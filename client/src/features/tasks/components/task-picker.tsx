import { useLingui } from '@lingui/react/macro';
import { mdiMagnify } from '@mdi/js';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { compareTasks } from '../logic/filters';
import type { TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';
import { useTitleOf } from './labels';

const MAX_SHOWN = 50;

export interface TaskPickerProps {
  /** The tasks that may be chosen (already filtered by the parent/child rules). */
  choices: readonly TaskItem[];
  index: TaskIndex;
  selected: string | null;
  onSelect(id: string): void;
  label: string;
  autoFocus?: boolean;
}

/** A searchable list of tasks; arrow keys move between the search box and the choices. */
export function TaskPicker({ choices, index, selected, onSelect, label, autoFocus }: TaskPickerProps) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const listId = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    const matches = q ? choices.filter((c) => c.title.toLocaleLowerCase().includes(q)) : [...choices];
    return matches.sort(compareTasks).slice(0, MAX_SHOWN);
  }, [choices, query]);

  const focusOption = (from: HTMLElement, step: 1 | -1 | 0) => {
    const list = document.getElementById(listId);
    const options = [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const at = options.indexOf(from);
    options[step === 0 ? 0 : at + step]?.focus();
  };
  const onOptionKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowDown') focusOption(e.currentTarget, 1);
    else if (e.key === 'ArrowUp') {
      const first = e.currentTarget.previousElementSibling === null;
      if (first) document.getElementById(`${listId}-search`)?.focus();
      else focusOption(e.currentTarget, -1);
    } else return;
    e.preventDefault();
  };

  return (
    <div className="flex flex-col gap-2">
      <TextField
        id={`${listId}-search`}
        label={t`Search tasks`}
        hideLabel
        placeholder={t`Search tasks`}
        value={query}
        autoFocus={autoFocus}
        autoComplete="off"
        start={<Icon path={mdiMagnify} size={18} />}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            const first = document.getElementById(listId)?.querySelector<HTMLElement>('[role="option"]');
            first?.focus();
          }
        }}
      />
      <div id={listId} role="listbox" aria-label={label} className="flex max-h-64 flex-col overflow-y-auto">
        {shown.length === 0 && <p className="px-2 py-3 text-sm text-muted">{t`No matching tasks`}</p>}
        {shown.map((task) => {
          const parent = task.parent ? index.byId.get(task.parent) : undefined;
          return (
            <button
              type="button"
              role="option"
              key={task.id}
              aria-selected={task.id === selected}
              onClick={() => onSelect(task.id)}
              onKeyDown={onOptionKey}
              className={cn(
                'flex min-h-11 w-full flex-col items-start justify-center rounded-md px-3 py-1.5 text-left text-sm outline-none hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:min-h-10',
                task.id === selected && 'bg-primary/10 text-primary',
              )}
            >
              <span className={cn('w-full truncate', task.completed && 'line-through opacity-70')}>{titleOf(task.title)}</span>
              {parent && <span className="w-full truncate text-xs text-muted">↳ {titleOf(parent.title)}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
