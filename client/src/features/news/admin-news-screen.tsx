import { Trans, useLingui } from '@lingui/react/macro';
import { mdiPlus } from '@mdi/js';
import type { AdminNewsItem, NewsLanguage } from '@adhd/shared/news/schema';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button';
import { ChoiceGroup } from '../../components/ui/choice';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, ListSkeleton } from '../../components/ui/screen';
import { messageForError } from '../../lib/messages';
import { adminNewsList, deleteNews, updateNews } from './api';
import { NewsEditorDialog } from './news-editor-dialog';
import { formatNewsDate, LoadFailed, useLoad } from './shared';

type Editing = { mode: 'new' } | { mode: 'edit'; item: AdminNewsItem } | null;

/**
 * /admin/news (inside the admin frame): the items of one language, drafts too, newest first; New, Edit,
 * Publish or Unpublish, Delete after a confirmation. Online only: a failed load says so and offers a retry.
 */
export function AdminNewsScreen() {
  const { t } = useLingui();
  const [lang, setLang] = useState<NewsLanguage>('en');
  const { data, error, loading, retry } = useLoad(() => adminNewsList(lang), lang);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminNewsItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // A reload keeps the rows on screen until the new answer replaces them.
  const reload = retry;

  async function setStatus(item: AdminNewsItem, status: 'draft' | 'published') {
    setBusyId(item._id);
    setActionError(null);
    try {
      await updateNews(item._id, { status });
      reload();
    } catch (err) {
      setActionError(t(messageForError(err)));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-news-title" data-testid="admin-news">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="admin-news-title" className="mr-auto text-2xl font-semibold">
          <Trans>News</Trans>
        </h1>
        <Button variant="primary" icon={mdiPlus} onClick={() => setEditing({ mode: 'new' })}>
          <Trans>New</Trans>
        </Button>
      </header>
      <ChoiceGroup
        tabs
        className="flex w-fit gap-1 rounded-lg bg-surface-2 p-1"
        buttonClassName="min-h-11 rounded-md px-4 text-sm sm:min-h-9"
        selectedClassName="bg-surface font-medium text-ink shadow-sm"
        idleClassName="text-muted hover:text-ink"
        label={t`Language`}
        value={lang}
        options={[
          { value: 'en', label: 'English' },
          { value: 'ru', label: 'Русский' },
        ]}
        onChange={(v) => setLang(v)}
      />
      {actionError && (
        <p role="alert" className="text-sm text-danger">
          {actionError}
        </p>
      )}
      {error && !data ? (
        <LoadFailed admin error={error} onRetry={retry} />
      ) : !data ? (
        loading && <ListSkeleton rowClassName="h-20" />
      ) : data.length === 0 ? (
        <EmptyState title={<Trans>No news yet</Trans>} hint={<Trans>Write the first item with New. It stays a draft until you publish it.</Trans>} />
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((item) => (
            <AdminNewsRow
              key={item._id}
              item={item}
              busy={busyId === item._id}
              onEdit={() => setEditing({ mode: 'edit', item })}
              onPublish={() => void setStatus(item, item.status === 'published' ? 'draft' : 'published')}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <NewsEditorDialog
          item={editing.mode === 'edit' ? editing.item : undefined}
          language={lang}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (saved.language !== lang) setLang(saved.language);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        danger
        title={<Trans>Delete this news item?</Trans>}
        message={deleting && <Trans>“{deleting.title}” will be removed for good, from the public pages too.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        errorText={<Trans>Could not delete. Please try again.</Trans>}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteNews(deleting._id);
          setDeleting(null);
          reload();
        }}
      />
    </section>
  );
}

const pathOf = (item: AdminNewsItem) => `/news/${item.language}/${item.displayPath}`;

function AdminNewsRow({ item, busy, onEdit, onPublish, onDelete }: { item: AdminNewsItem; busy: boolean; onEdit(): void; onPublish(): void; onDelete(): void }) {
  const { i18n } = useLingui();
  const published = item.status === 'published';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:flex-row sm:items-center sm:p-4" data-testid="admin-news-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              published ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
            )}
          >
            {published ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
          </span>
          <h2 className="min-w-0 font-medium break-words">{item.title}</h2>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-muted">
          <span className="break-all">{pathOf(item)}</span>
          {item.publishedAt && published && <span>{formatNewsDate(item.publishedAt, i18n.locale)}</span>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {published && (
          <Link href={`~/news/${item.language}/${item.displayPath}`} className={buttonClass('ghost', 'sm')}>
            <Trans>View</Trans>
          </Link>
        )}
        <Button size="sm" onClick={onEdit}>
          <Trans>Edit</Trans>
        </Button>
        <Button size="sm" variant={published ? 'secondary' : 'primary'} busy={busy} onClick={onPublish}>
          {published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
        </Button>
        <Button size="sm" variant="ghost" className="text-danger" onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
