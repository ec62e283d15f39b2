import { useLingui } from '@lingui/react/macro';
import { mdiChevronDown, mdiImageMultipleOutline } from '@mdi/js';
import { FEEDBACK_STATUSES, type FeedbackItem, type FeedbackStatus } from '@adhd/shared/feedback/schema';
import { ChoiceGroup } from '../../../components/ui/choice';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { STATUS_LABELS, TYPE_LABELS } from '../data/messages';
import { ScreenshotThumb } from './screenshot-thumb';

const CHIP: Record<FeedbackStatus, string> = {
  new: 'bg-primary/15 text-primary',
  read: 'bg-surface-2 text-muted border border-line',
  resolved: 'bg-success/15 text-success',
};

export function StatusChip({ status }: { status: FeedbackStatus }) {
  const { i18n } = useLingui();
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', CHIP[status])}>{i18n._(STATUS_LABELS[status])}</span>;
}

/** One feedback in the admin list: a summary row that opens to the whole message, its screenshots and its status. */
export function AdminFeedbackItem({ item, open, onToggle, onStatus }: { item: FeedbackItem; open: boolean; onToggle(): void; onStatus(s: FeedbackStatus): void }) {
  const { t, i18n } = useLingui();
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.createdAt));
  const panel = `feedback-${item._id}`;
  return (
    <li className={cn('rounded-xl border bg-surface', open ? 'border-primary/50' : 'border-line')}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={onToggle}
        className={cn('flex w-full items-start gap-3 rounded-xl px-4 py-3 text-left hover:bg-surface-2', focusRing)}
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <StatusChip status={item.status} />
            <span className={cn('text-sm', item.status === 'new' && 'font-semibold')}>{i18n._(TYPE_LABELS[item.type])}</span>
            {item.screenshots > 0 && (
              <span className="inline-flex items-center gap-1 text-xs text-muted" title={t`Screenshots`}>
                <Icon path={mdiImageMultipleOutline} size={16} />
                {item.screenshots}
              </span>
            )}
          </span>
          <span className="mt-1 block truncate text-sm text-ink">{item.message}</span>
          <span className="mt-0.5 block truncate text-xs text-muted">
            {item.name} · {when}
          </span>
        </span>
        <Icon path={mdiChevronDown} size={20} className={cn('mt-1 shrink-0 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div id={panel} className="space-y-4 border-t border-line px-4 py-4">
          <p className="text-sm">
            <span className="font-medium">{item.name}</span>{' '}
            <a href={`mailto:${item.email}`} className="break-all text-primary underline underline-offset-2">
              {item.email}
            </a>
          </p>
          <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{item.message}</p>
          {item.screenshots > 0 && (
            <div className="flex flex-wrap gap-2" aria-label={t`Screenshots`}>
              {Array.from({ length: item.screenshots }, (_, n) => (
                <ScreenshotThumb key={n} id={item._id} n={n} />
              ))}
            </div>
          )}
          <ChoiceGroup
            label={t`Status`}
            value={item.status}
            options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
            onChange={onStatus}
            className="inline-flex rounded-lg border border-line p-0.5"
            buttonClassName="min-h-11 rounded-md px-3 text-sm sm:min-h-8"
          />
        </div>
      )}
    </li>
  );
}
