import { mdiCheck, mdiClose, mdiDebugStepOver } from '@mdi/js';
import type { DayDisplayState } from '@adhd/shared/habits/days';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';

const LOOK: Record<DayDisplayState, string> = {
  completed: 'bg-success text-white dark:text-surface border-success',
  missed: 'bg-danger/15 text-danger border-danger/60',
  skipped: 'bg-surface-2 text-muted border-dashed border-muted',
  today: 'border-primary border-2 text-ink',
  empty: 'border-line text-muted',
  future: 'border-transparent text-muted/50',
};

const GLYPH: Partial<Record<DayDisplayState, string>> = { completed: mdiCheck, missed: mdiClose, skipped: mdiDebugStepOver };

export interface DayCellProps {
  state: DayDisplayState;
  /** Short text inside an unmarked cell (the day of the month). */
  text: string;
  label: string;
  active: boolean;
  /** Unscheduled days are drawn faint. */
  scheduled: boolean;
  size: 'sm' | 'md';
  onClick(): void;
}

/** One day of a strip or a month grid: a button when the day can be toggled, inert otherwise. */
export function DayCell({ state, text, label, active, scheduled, size, onClick }: DayCellProps) {
  const glyph = GLYPH[state];
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={!active || undefined}
      disabled={!active}
      data-state={state}
      onClick={onClick}
      className={cn(
        'inline-flex items-center justify-center rounded-full border text-[0.6875rem] font-medium tabular-nums transition-colors',
        size === 'md' ? 'h-9 w-9 sm:h-7 sm:w-7' : 'h-10 w-10 sm:h-6 sm:w-6',
        LOOK[state],
        !scheduled && 'opacity-35',
        active ? cn('cursor-pointer hover:brightness-95', focusRing) : 'cursor-default',
      )}
    >
      {glyph ? <Icon path={glyph} size={size === 'md' ? 16 : 14} /> : text}
    </button>
  );
}
