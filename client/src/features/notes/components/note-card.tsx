import { Trans, useLingui } from '@lingui/react/macro';
import { mdiPin, mdiPinOutline } from '@mdi/js';
import { memo } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import type { NoteItem } from '../data/queries';
import { folderColor, folderIconPath, NoteTagChips } from './bridges';
import { excerpt } from '../logic/excerpt';

export { excerpt };

export interface NoteCardProps {
  note: NoteItem;
  folder?: { name: string; icon: string | null; color: string | null };
  onOpen(id: string): void;
  onTogglePin(id: string, pinned: boolean): void;
}

/** One note in the grid: its colour as a left band, title, excerpt, folder, tags and the pin toggle. */
export const NoteCard = memo(function NoteCard({ note, folder, onOpen, onTogglePin }: NoteCardProps) {
  const { t } = useLingui();
  const title = note.title;
  return (
    <article
      data-testid="note-card"
      className="group relative flex min-h-28 flex-col gap-1.5 overflow-hidden rounded-xl border border-line bg-surface py-3 pr-2 pl-4 shadow-sm"
      style={{ borderLeft: `6px solid ${note.color}` }}
    >
      <div className="flex items-start gap-1">
        <h3 className="min-w-0 flex-1 pt-1 font-semibold break-words">
          <button type="button" onClick={() => onOpen(note._id)} className={cn('text-left after:absolute after:inset-0 after:content-[""]', focusRing)}>
            {note.title || t`Untitled note`}
          </button>
        </h3>
        <IconButton
          icon={note.pinned ? mdiPin : mdiPinOutline}
          size="sm"
          label={note.pinned ? t`Unpin ${title}` : t`Pin ${title}`}
          aria-pressed={note.pinned}
          className={cn('relative z-10', note.pinned && 'text-primary')}
          onClick={() => onTogglePin(note._id, !note.pinned)}
        />
      </div>
      <p className="line-clamp-3 text-sm text-muted">{excerpt(note.content)}</p>
      <div className="mt-auto flex flex-wrap items-center gap-2 text-xs">
        {note.conflictOf && (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 font-medium text-warning">
            <Trans>Conflicted copy</Trans>
          </span>
        )}
        {folder && (
          <span className="inline-flex items-center gap-1 text-muted">
            <span style={{ color: folderColor(folder.color) }} className="flex">
              <Icon path={folderIconPath(folder.icon)} size={14} />
            </span>
            {folder.name}
          </span>
        )}
        {note.tags.length > 0 && (
          <div className="relative z-10">
            <NoteTagChips ids={note.tags} />
          </div>
        )}
      </div>
    </article>
  );
});
