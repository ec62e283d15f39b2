import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { FEEDBACK_PAGE_SIZE, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackItem, type FeedbackStatus, type FeedbackType } from '@adhd/shared/feedback/schema';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { EmptyState } from '../../components/ui/screen';
import { SelectField } from '../../components/ui/select';
import { ApiError } from '../../lib/api';
import { messageForError } from '../../lib/messages';
import { AdminFeedbackItem } from './components/admin-feedback-item';
import { listFeedback, setFeedbackStatus } from './data/admin-api';
import { STATUS_LABELS, TYPE_LABELS } from './data/messages';

type Load = { state: 'loading' } | { state: 'ready'; data: FeedbackItem[]; total: number } | { state: 'offline' } | { state: 'failed'; error: unknown };

/** Admin: feedback newest first, filtered by type and status; opening a new one marks it read (/admin/feedback). */
export function AdminFeedbackScreen() {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<FeedbackType | 'all'>('all');
  const [status, setStatus] = useState<FeedbackStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const fetchPage = useCallback(() => {
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    listFeedback({ type: type === 'all' ? undefined : type, status: status === 'all' ? undefined : status, page }).then(
      ({ data, total }) => setLoad({ state: 'ready', data, total }),
      (error: unknown) => setLoad(error instanceof ApiError && error.isNetwork ? { state: 'offline' } : { state: 'failed', error }),
    );
  }, [type, status, page]);
  useEffect(fetchPage, [fetchPage]);

  const replace = (item: FeedbackItem) => setLoad((l) => (l.state === 'ready' ? { ...l, data: l.data.map((d) => (d._id === item._id ? item : d)) } : l));

  async function changeStatus(item: FeedbackItem, next: FeedbackStatus) {
    setProblem(null);
    replace({ ...item, status: next });
    try {
      replace(await setFeedbackStatus(item._id, next));
    } catch (err) {
      replace(item);
      setProblem(i18n._(messageForError(err)));
    }
  }

  function toggle(item: FeedbackItem) {
    const opening = open !== item._id;
    setOpen(opening ? item._id : null);
    if (opening && item.status === 'new') void changeStatus(item, 'read');
  }

  const typeOptions = [{ value: 'all' as const, label: t`All types` }, ...FEEDBACK_TYPES.map((v) => ({ value: v, label: i18n._(TYPE_LABELS[v]) }))];
  const statusOptions = [{ value: 'all' as const, label: t`All statuses` }, ...FEEDBACK_STATUSES.map((v) => ({ value: v, label: i18n._(STATUS_LABELS[v]) }))];
  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.total / FEEDBACK_PAGE_SIZE)) : 1;

  return (
    <section className="space-y-4" aria-labelledby="admin-feedback-title">
      <h1 id="admin-feedback-title" className="text-2xl font-semibold">
        <Trans>Feedback</Trans>
      </h1>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <SelectField label={t`Type`} value={type} options={typeOptions} onValueChange={(v) => (setType(v), setPage(1))} />
        <SelectField label={t`Status`} value={status} options={statusOptions} onValueChange={(v) => (setStatus(v), setPage(1))} />
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {load.state === 'offline' && (
        <FormAlert tone="info" title={t`You are offline — admin pages need the server`}>
          <Button size="sm" variant="secondary" onClick={fetchPage} className="mt-1">
            <Trans>Try again</Trans>
          </Button>
        </FormAlert>
      )}
      {load.state === 'failed' && (
        <FormAlert title={i18n._(messageForError(load.error))}>
          <Button size="sm" variant="secondary" onClick={fetchPage} className="mt-1">
            <Trans>Try again</Trans>
          </Button>
        </FormAlert>
      )}
      {load.state === 'ready' && load.data.length === 0 && (
        <EmptyState title={t`No feedback here`} hint={type === 'all' && status === 'all' ? t`Messages sent through the feedback form appear here.` : t`Nothing matches these filters.`} />
      )}
      {load.state === 'ready' && load.data.length > 0 && (
        <>
          <p className="text-sm text-muted">
            <Trans>{load.total} in total</Trans>
          </p>
          <ul className="space-y-2">
            {load.data.map((item) => (
              <AdminFeedbackItem key={item._id} item={item} open={open === item._id} onToggle={() => toggle(item)} onStatus={(s) => void changeStatus(item, s)} />
            ))}
          </ul>
        </>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label={t`Pages`}>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <Trans>Newer</Trans>
          </Button>
          <span className="text-sm text-muted">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Older</Trans>
          </Button>
        </nav>
      )}
    </section>
  );
}
