import { useLingui } from '@lingui/react/macro';
import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { formatMediumDate, relativeDay } from '../../../lib/dates';

/** 'Today', 'Yesterday', 'Tomorrow', else a localised medium date like 'Mar 5, 2025' (SPEC section 4). */
export function useDateLabel(): (date: string, today: string) => string {
  const { t, i18n } = useLingui();
  return (date, today) => {
    const rel = relativeDay(date, today);
    if (rel === 'today') return t`Today`;
    if (rel === 'yesterday') return t`Yesterday`;
    if (rel === 'tomorrow') return t`Tomorrow`;
    return formatMediumDate(date, i18n.locale);
  };
}

export function usePriorityLabels(): Record<TaskPriority, string> {
  const { t } = useLingui();
  return { high: t`High`, medium: t`Medium`, low: t`Low` };
}

/** The label of an untitled task (SPEC section 8: tasks.untitledTask). */
export function useTitleOf(): (title: string) => string {
  const { t } = useLingui();
  return (title) => (title.trim() ? title : t({ id: 'tasks.untitledTask', message: 'Untitled task' }));
}
