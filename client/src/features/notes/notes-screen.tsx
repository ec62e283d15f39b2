import { splitPinned, type NoteSortKey } from '@adhd/shared/notes/logic';
import { Trans, useLingui } from '@lingui/react/macro';
import { mdiMagnify, mdiPin, mdiPlus } from '@mdi/js';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { EmptyState, ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { SelectField } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { FolderDialog, FolderTree, useFolderIndex, type FolderDialogTarget, type FolderFilter } from './components/bridges';
import { NoteGrid } from './components/note-grid';
import { useNoteActions } from './data/mutations';
import { useNotes, type NoteItem } from './data/queries';
import { NoteEditorDialog, type NoteEditorTarget } from './dialogs/note-editor-dialog';
import { preloadMarkdown } from '../../lib/markdown/lazy-preview';
import { useOpenById } from '../../lib/use-open-by-id';

function matches(note: NoteItem, filter: FolderFilter, query: string): boolean {
  if (filter.kind === 'root' && note.folder !== null) return false;
  if (filter.kind === 'folder' && note.folder !== filter.id) return false;
  return !query || note.title.toLowerCase().includes(query) || note.content.toLowerCase().includes(query);
}

/**
 * The notes screen (SPEC sections 2 and 4): the folder tree, a pinned section, then the other notes newest
 * first by last update or creation; search text; the note editor and folder dialog. Everything renders from
 * the local database; /notes?id={id} opens that note (search results link here).
 */
export function NotesScreen() {
  const { t } = useLingui();
  const notes = useNotes();
  const folders = useFolderIndex();
  const actions = useNoteActions();
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<NoteSortKey>('updatedAt');
  const [filter, setFilter] = useState<FolderFilter>({ kind: 'all' });
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [editor, setEditor] = useState<NoteEditorTarget | null>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDialogTarget | null>(null);

  useEffect(() => preloadMarkdown(), []);

  const linked = params.get('id');
  const byId = useMemo(() => new Map((notes ?? []).map((n) => [n._id, n])), [notes]);
  useOpenById(linked, notes && byId.has(linked ?? ''));
  const target: NoteEditorTarget | null = editor ?? (linked && byId.has(linked) ? { mode: 'view', id: linked } : null);
  const closeEditor = useCallback(() => {
    setEditor(null);
    if (params.get('id')) setParams({}, { replace: true });
  }, [params, setParams]);

  const { pinned, others, counts } = useMemo(() => {
    const all = notes ?? [];
    const counts = new Map<string, number>();
    for (const n of all) counts.set(n.folder ?? '', (counts.get(n.folder ?? '') ?? 0) + 1);
    const shown = all.filter((n) => matches(n, filter, query));
    return { ...splitPinned(shown, sort), counts };
  }, [notes, filter, query, sort]);

  const openNote = useCallback((id: string) => setEditor({ mode: 'view', id }), []);
  const togglePin = useCallback(
    (id: string, next: boolean) => void actions.setPinned(id, next).catch((err: unknown) => console.error('Pin toggle failed', err)),
    [actions],
  );
  const folderOf = useCallback((id: string | null) => (id ? folders?.byId.get(id) : undefined), [folders]);
  const ready = notes !== undefined && folders !== undefined;
  const newFolderParent = filter.kind === 'folder' ? filter.id : null;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4" aria-labelledby="notes-title">
      <ScreenHeader titleId="notes-title" title={<Trans>Notes</Trans>} titleClassName="text-[#b45309] dark:text-section-notes">
        <Button variant="primary" icon={mdiPlus} disabled={!ready} onClick={() => setEditor({ mode: 'create', folder: newFolderParent })}>
          <Trans>New note</Trans>
        </Button>
      </ScreenHeader>

      <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="rounded-xl border border-line bg-surface p-2 md:self-start">
          {folders && (
            <FolderTree
              tree={folders.tree}
              filter={filter}
              onFilter={setFilter}
              counts={counts}
              total={notes?.length ?? 0}
              onOpenFolder={(id) => setFolderDialog({ mode: 'view', id })}
              onNewFolder={() => setFolderDialog({ mode: 'create', parent: newFolderParent })}
            />
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={t`Search notes`}
              hideLabel
              placeholder={t`Search notes`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              start={<Icon path={mdiMagnify} size={18} />}
              containerClassName="min-w-48 flex-1"
            />
            <SelectField<NoteSortKey>
              label={t`Sort by`}
              hideLabel
              value={sort}
              onValueChange={setSort}
              options={[
                { value: 'updatedAt', label: t`Last updated` },
                { value: 'createdAt', label: t`Date created` },
              ]}
              className="w-56 max-sm:min-w-0 max-sm:flex-1"
            />
          </div>

          {!ready ? (
            <ListSkeleton rowClassName="h-28" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" />
          ) : notes.length === 0 ? (
            <EmptyState title={<Trans>No notes yet.</Trans>} hint={<Trans>Catch a thought before it slips away: press “New note”.</Trans>} />
          ) : (
            <>
              {pinned.length > 0 && (
                <section aria-labelledby="pinned-notes" className="flex flex-col gap-2">
                  <h2 id="pinned-notes" className="flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wide text-muted">
                    <Icon path={mdiPin} size={16} />
                    <Trans>Pinned</Trans>
                  </h2>
                  <NoteGrid notes={pinned} folderOf={folderOf} onOpen={openNote} onTogglePin={togglePin} />
                </section>
              )}
              <section aria-labelledby="other-notes" className="flex flex-col gap-2">
                <h2 id="other-notes" className="text-sm font-semibold uppercase tracking-wide text-muted">
                  {pinned.length > 0 ? <Trans>Other notes</Trans> : <Trans>All notes</Trans>}
                </h2>
                {others.length === 0 ? (
                  <p className="text-sm text-muted">
                    <Trans>No notes here.</Trans>
                  </p>
                ) : (
                  <NoteGrid notes={others} folderOf={folderOf} onOpen={openNote} onTogglePin={togglePin} />
                )}
              </section>
            </>
          )}
        </div>
      </div>

      {target && folders && (target.mode === 'create' || byId.has(target.id)) && (
        <NoteEditorDialog
          key={target.mode === 'create' ? 'create' : `${target.mode}-${target.id}`}
          target={target}
          note={target.mode === 'create' ? undefined : byId.get(target.id)}
          folders={folders}
          onClose={closeEditor}
          onModeChange={setEditor}
        />
      )}
      {folderDialog && folders && (
        <FolderDialog
          key={folderDialog.mode === 'create' ? 'create' : `${folderDialog.mode}-${folderDialog.id}`}
          target={folderDialog}
          index={folders}
          onClose={() => {
            if (folderDialog.mode !== 'create' && !folders.byId.has(folderDialog.id)) setFilter({ kind: 'all' });
            setFolderDialog(null);
          }}
          onModeChange={setFolderDialog}
        />
      )}
    </section>
  );
}
