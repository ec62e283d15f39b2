import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { mdiCheckboxMultipleMarkedOutline, mdiDeleteOutline, mdiInboxArrowDown } from '@mdi/js';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState, ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { Toast } from '../../components/ui/toast';
import { useOpenById } from '../../lib/use-open-by-id';
import { usePrefs } from '../../lib/use-prefs';
import { openCapture } from './capture/capture-state';
import { capturePending, useWithPending } from './capture/pending';
import type { ConvertChoice } from './components/convert-menu';
import { InboxCaptureField } from './components/inbox-capture-field';
import { InboxRow } from './components/inbox-row';
import { useNow } from './components/use-now';
import { ConvertDialog } from './dialogs/convert-dialog';
import { useInboxActions, useInboxItems, type InboxItem, type InboxTarget } from './inbox-data';

type ToastState =
  | { kind: 'deleted'; count: number; undo(): Promise<unknown> }
  | { kind: 'converted'; to: InboxTarget; href: string }
  | { kind: 'appended'; href: string }
  | { kind: 'failed' };

/**
 * Rows shown at first; "Show more" adds as many again. A long inbox is a wall of text: a page at a time reads
 * calmer, and keeps the page light (a style and layout pass over 500 rows costs tens of milliseconds).
 */
export const INBOX_PAGE = 50;

const TARGET_PATH: Record<InboxTarget, string> = { task: '/tasks', event: '/calendar', habit: '/habits', note: '/notes' };

/**
 * The inbox (SPEC section 2, issue 16): captured thoughts, newest first, to edit in place, delete (with undo),
 * select several and delete them, or turn into a task, event, habit or note. /inbox?id={id} scrolls to that
 * item and highlights it.
 */
export function InboxScreen() {
  const { t } = useLingui();
  const prefs = usePrefs();
  const items = useWithPending(useInboxItems());
  const actions = useInboxActions();
  const now = useNow();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toast, setToast] = useState<ToastState | null>(null);
  const [converting, setConverting] = useState<{ item: InboxItem; choice: ConvertChoice } | null>(null);
  const highlightId = params.get('id');
  const [limit, setLimit] = useState(INBOX_PAGE);
  const highlightAt = highlightId && items ? items.findIndex((i) => i.id === highlightId) : -1;
  const shown = items?.slice(0, Math.max(limit, highlightAt + 1));
  const more = (items?.length ?? 0) - (shown?.length ?? 0);

  const found = !!highlightId && !!items?.some((i) => i.id === highlightId);
  useOpenById(highlightId, items && found);
  useEffect(() => {
    if (found) document.getElementById(`inbox-${highlightId}`)?.scrollIntoView({ block: 'center' });
  }, [found, highlightId]);

  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const failed = useCallback((err: unknown) => {
    console.error('Inbox write failed', err);
    setToast({ kind: 'failed' });
  }, []);
  const onSave = useCallback((id: string, text: string) => void actions.update(id, text).catch(failed), [actions, failed]);
  const onDelete = useCallback(
    (item: InboxItem) => {
      actions.remove(item.id).then(() => setToast({ kind: 'deleted', count: 1, undo: () => actions.restore(item.id) }), failed);
    },
    [actions, failed],
  );
  const onConvert = useCallback((item: InboxItem, choice: ConvertChoice) => setConverting({ item, choice }), []);

  const deleteSelected = () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    actions.removeMany(ids).then(() => {
      setSelected(new Set());
      setSelecting(false);
      setToast({ kind: 'deleted', count: ids.length, undo: () => Promise.all(ids.map((id) => actions.restore(id))) });
    }, failed);
  };
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const selectedCount = selected.size;
  const empty = items !== undefined && items.length === 0;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="inbox-title">
      <ScreenHeader titleId="inbox-title" title={<Trans>Inbox</Trans>} titleClassName="text-section-inbox dark:text-[#c084fc]">
        {!empty && items && (selecting ? (
          <>
            <Button variant="danger" icon={mdiDeleteOutline} disabled={selected.size === 0} onClick={deleteSelected}>
              <Trans>Delete selected ({selectedCount})</Trans>
            </Button>
            <Button variant="ghost" onClick={stopSelecting}>
              <Trans>Done</Trans>
            </Button>
          </>
        ) : (
          <Button variant="secondary" icon={mdiCheckboxMultipleMarkedOutline} onClick={() => setSelecting(true)}>
            <Trans>Select</Trans>
          </Button>
        ))}
      </ScreenHeader>

      <InboxCaptureField onCapture={(text) => capturePending(text, () => actions.capture(text))} />

      {items === undefined ? (
        <ListSkeleton rowClassName="h-16" />
      ) : empty ? (
        <EmptyState
          icon={mdiInboxArrowDown}
          iconColor="var(--color-section-inbox)"
          title={<Trans>Your inbox is empty</Trans>}
          hint={<Trans>Press Q anywhere or tap + to capture a thought. Sort it out later.</Trans>}
        >
          <Button variant="primary" onClick={() => openCapture()}>
            <Trans>Capture a thought</Trans>
          </Button>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t`Inbox items`}>
          {shown?.map((item) => (
            <InboxRow
              key={item.id}
              item={item}
              now={now}
              locale={prefs.locale}
              selecting={selecting}
              selected={selected.has(item.id)}
              highlighted={item.id === highlightId}
              onSelect={onSelect}
              onSave={onSave}
              onDelete={onDelete}
              onConvert={onConvert}
            />
          ))}
        </ul>
      )}
      {more > 0 && (
        <Button variant="ghost" className="self-center" onClick={() => setLimit((n) => n + INBOX_PAGE)}>
          <Trans>Show more ({more})</Trans>
        </Button>
      )}

      {converting && (
        <ConvertDialog
          key={`${converting.item.id}-${converting.choice}`}
          item={converting.item}
          choice={converting.choice}
          onClose={() => setConverting(null)}
          onConvert={async (to, fields) => {
            const targetId = await actions.convert(converting.item.id, to, fields);
            setToast({ kind: 'converted', to, href: `${TARGET_PATH[to]}?id=${encodeURIComponent(targetId)}` });
          }}
          onAppend={async (noteId, text) => {
            if (text.trim() && text.trim() !== converting.item.text.trim()) await actions.update(converting.item.id, text.trim());
            await actions.append(converting.item.id, noteId);
            setToast({ kind: 'appended', href: `/notes?id=${encodeURIComponent(noteId)}` });
          }}
        />
      )}
      {toast && <InboxToast toast={toast} onDismiss={() => setToast(null)} navigate={navigate} />}
    </section>
  );
}

function InboxToast({ toast, onDismiss, navigate }: { toast: ToastState; onDismiss(): void; navigate(href: string): void }) {
  if (toast.kind === 'failed') return <Toast message={<Trans>Couldn’t save the change. Please try again.</Trans>} onDismiss={onDismiss} />;
  if (toast.kind === 'deleted') {
    const count = toast.count;
    return (
      <Toast
        message={<Plural value={count} one="Item deleted" other="# items deleted" />}
        actionLabel={<Trans>Undo</Trans>}
        onAction={() => void toast.undo().catch((err: unknown) => console.error('Undo failed', err))}
        onDismiss={onDismiss}
      />
    );
  }
  const message =
    toast.kind === 'appended' ? (
      <Trans>Added to the note</Trans>
    ) : toast.to === 'task' ? (
      <Trans>Task created</Trans>
    ) : toast.to === 'event' ? (
      <Trans>Event created</Trans>
    ) : toast.to === 'habit' ? (
      <Trans>Habit created</Trans>
    ) : (
      <Trans>Note created</Trans>
    );
  return <Toast message={message} actionLabel={<Trans>Open</Trans>} onAction={() => navigate(toast.href)} onDismiss={onDismiss} />;
}
