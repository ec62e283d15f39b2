import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDelete, mdiPlus, mdiRestore } from '@mdi/js';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useTitleOf } from '../components/labels';
import { QuickAdd } from '../components/quick-add';
import type { ChildStaging } from '../logic/form';
import type { TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';
import { AddChildDialog } from './add-child-dialog';

export interface ChildTasksSectionProps {
  taskId: string;
  index: TaskIndex;
  staging: ChildStaging;
  onChange(staging: ChildStaging): void;
  /** Tasks that may be added as children. */
  choices: readonly TaskItem[];
}

interface Entry {
  key: string;
  title: string;
  removed: boolean;
  badge?: 'new' | 'added';
  toggle(): void;
}

/**
 * The edit form's child tasks (SPEC sections 2 and 4): add an existing task, quick-add a new one by title,
 * strike a child through and restore it. Nothing is written until the form is saved.
 */
export function ChildTasksSection({ taskId, index, staging, onChange, choices }: ChildTasksSectionProps) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const [adding, setAdding] = useState(false);
  const existing = index.children.get(taskId) ?? [];

  const entries: Entry[] = [
    ...existing.map((id) => {
      const removed = staging.removedExisting.includes(id);
      return {
        key: id,
        title: titleOf(index.byId.get(id)?.title ?? ''),
        removed,
        toggle: () =>
          onChange({
            ...staging,
            removedExisting: removed ? staging.removedExisting.filter((r) => r !== id) : [...staging.removedExisting, id],
          }),
      };
    }),
    ...staging.added
      .filter((a) => index.byId.has(a.id) && !existing.includes(a.id))
      .map((a) => ({
        key: a.id,
        title: titleOf(index.byId.get(a.id)!.title),
        removed: a.removed,
        badge: 'added' as const,
        toggle: () => onChange({ ...staging, added: staging.added.map((x) => (x.id === a.id ? { ...x, removed: !x.removed } : x)) }),
      })),
    ...staging.created.map((c) => ({
      key: c.key,
      title: c.title,
      removed: c.removed,
      badge: 'new' as const,
      toggle: () => onChange({ ...staging, created: staging.created.map((x) => (x.key === c.key ? { ...x, removed: !x.removed } : x)) }),
    })),
  ];

  return (
    <section aria-labelledby={`children-${taskId}`} className="flex flex-col gap-2 rounded-xl border border-line p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`children-${taskId}`} className="text-sm font-semibold">
          <Trans>Child tasks</Trans>
        </h3>
        <Button size="sm" variant="ghost" icon={mdiPlus} onClick={() => setAdding(true)} className="shrink-0 whitespace-nowrap text-primary">
          <Trans>Add child</Trans>
        </Button>
      </div>
      <QuickAdd
        label={t`New child task`}
        placeholder={t`Add a child task…`}
        onAdd={(title) => onChange({ ...staging, created: [...staging.created, { key: `new-${crypto.randomUUID()}`, title, removed: false }] })}
      />
      {entries.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No child tasks yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Child tasks`} className="flex flex-col">
          {entries.map(({ key, title, removed, badge, toggle }) => (
            <li key={key} data-child-entry data-removed={removed || undefined} className="flex items-center gap-2 border-b border-line/60 py-0.5 last:border-b-0">
              <span className={cn('min-w-0 flex-1 truncate text-sm', removed && 'text-muted line-through')}>{title}</span>
              {badge && !removed && (
                <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary">{badge === 'new' ? t`new` : t`added`}</span>
              )}
              <IconButton icon={removed ? mdiRestore : mdiDelete} size="sm" label={removed ? t`Restore ${title}` : t`Remove ${title}`} onClick={toggle} />
            </li>
          ))}
        </ul>
      )}
      <AddChildDialog
        open={adding}
        onOpenChange={setAdding}
        choices={choices}
        index={index}
        onAdd={(id) => {
          const known = staging.added.some((a) => a.id === id);
          onChange({
            ...staging,
            added: known ? staging.added.map((a) => (a.id === id ? { ...a, removed: false } : a)) : [...staging.added, { id, removed: false }],
          });
        }}
      />
    </section>
  );
}
