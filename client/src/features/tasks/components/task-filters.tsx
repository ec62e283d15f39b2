import { Trans, useLingui } from '@lingui/react/macro';
import { mdiFilterVariant, mdiMagnify, mdiTagOutline } from '@mdi/js';
import { Popover } from 'radix-ui';
import { memo } from 'react';
import { Button } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { PopoverPanel } from '../../../components/ui/popover-field';
import { SelectField, type SelectFieldProps } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { DEFAULT_FILTERS, hasActiveFilters, type TaskFilters } from '../logic/filters';
import { usePriorityLabels } from './labels';
import { TaskTagSelector } from './tags-bridge';

/**
 * Search text, status, priority and tags (SPEC section 2). Memoised: the screen renders again at every change of
 * the tasks (a quick add), and the bar's selects need not.
 */
export const TaskFiltersBar = memo(function TaskFiltersBar({ value, onChange }: { value: TaskFilters; onChange(f: TaskFilters): void }) {
  const { t } = useLingui();
  const priorities = usePriorityLabels();
  const tagCount = value.tags.length;
  const set = <K extends keyof TaskFilters>(key: K, v: TaskFilters[K]) => onChange({ ...value, [key]: v });
  return (
    <div role="search" aria-label={t`Filter tasks`} className="flex flex-wrap items-end gap-2">
      <TextField
        label={t`Search tasks`}
        hideLabel
        type="search"
        placeholder={t`Search tasks`}
        value={value.search}
        onChange={(e) => set('search', e.target.value)}
        start={<Icon path={mdiMagnify} size={18} />}
        containerClassName="min-w-0 basis-full sm:basis-auto sm:flex-1"
      />
      <FilterSelect<'status'>
        label={t`Status`}
        value={value.status}
        onValueChange={(v) => set('status', v)}
        options={[
          { value: 'all', label: t`All tasks` },
          { value: 'incomplete', label: t`Incomplete tasks` },
          { value: 'completed', label: t`Completed tasks` },
        ]}
      />
      <FilterSelect<'priority'>
        label={t`Priority`}
        value={value.priority}
        onValueChange={(v) => set('priority', v)}
        options={[
          { value: 'any', label: t`Any priority` },
          { value: 'high', label: priorities.high },
          { value: 'medium', label: priorities.medium },
          { value: 'low', label: priorities.low },
        ]}
      />
      <Popover.Root>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={tagCount > 0 ? t`Tags (${tagCount})` : t`Tags`}
            className={cn(
              'flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm text-ink hover:bg-surface-2 sm:min-h-10',
              focusRing,
              tagCount > 0 && 'border-primary text-primary',
            )}
          >
            <Icon path={mdiTagOutline} size={18} />
            <span className="hidden sm:inline">{t`Tags`}</span>
            {tagCount > 0 && <span className="rounded-full bg-primary/10 px-1.5 text-xs font-semibold">{tagCount}</span>}
          </button>
        </Popover.Trigger>
        <PopoverPanel align="end" className="w-80 max-w-[calc(100vw-1rem)] p-3">
          <TaskTagSelector value={value.tags} onChange={(ids) => set('tags', ids)} label={t`Show tasks with any of these tags`} />
        </PopoverPanel>
      </Popover.Root>
      {hasActiveFilters(value) && (
        <Button variant="ghost" size="sm" icon={mdiFilterVariant} onClick={() => onChange(DEFAULT_FILTERS)}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </div>
  );
});

type SelectFilter = 'status' | 'priority';

/** A status or priority filter: a select without a visible label, full width when narrow. */
function FilterSelect<K extends SelectFilter>(props: Omit<SelectFieldProps<TaskFilters[K]>, 'hideLabel' | 'className'>) {
  return <SelectField<TaskFilters[K]> {...props} hideLabel className="min-w-0 flex-1 sm:w-48 sm:flex-none" />;
}
