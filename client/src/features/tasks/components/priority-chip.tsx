import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { mdiFlag } from '@mdi/js';
import { Icon } from '../../../components/ui/icon';
import { cn } from '../../../components/ui/cn';
import { usePriorityLabels } from './labels';

/** SPEC section 9: high in the error colour, medium in the warning colour, low in the info colour. */
export const PRIORITY_TONE: Record<TaskPriority, string> = {
  high: 'bg-danger/10 text-danger',
  medium: 'bg-warning/10 text-warning',
  low: 'bg-info/10 text-info',
};

export function PriorityChip({ priority, className }: { priority: TaskPriority; className?: string }) {
  const labels = usePriorityLabels();
  return (
    <span data-priority={priority} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', PRIORITY_TONE[priority], className)}>
      <Icon path={mdiFlag} size={13} />
      {labels[priority]}
    </span>
  );
}
