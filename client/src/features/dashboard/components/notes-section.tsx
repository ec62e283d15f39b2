import { Trans, useLingui } from '@lingui/react/macro';
import { mdiPin } from '@mdi/js';
import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import { cn, focusRing } from '../../../components/ui/cn';
import { noteExcerpt, type NoteItem } from '../../notes';
import { pinnedNotesCached } from '../data/select';
import { DashboardSection } from './section';

const excerpts = new WeakMap<NoteItem, string>();
/** The card's plain text, once per note object (the section renders again as other tables arrive). */
function excerptOf(note: NoteItem): string {
  let text = excerpts.get(note);
  if (text === undefined) excerpts.set(note, (text = noteExcerpt(note.content)));
  return text;
}

/** Pinned notes shown at most; the rest are on the notes screen. */
export const NOTES_SHOWN = 6;

/** Pinned notes as cards (title, the first lines as plain text, the note's colour) that open the note editor. */
export const NotesSection = memo(function NotesSection({ notes }: { notes: NoteItem[] }) {
  const { t } = useLingui();
  const pinned = useMemo(() => pinnedNotesCached(notes), [notes]);
  return (
    <DashboardSection
      id="dashboard-notes"
      title={<Trans>Pinned notes</Trans>}
      href="/notes"
      color="var(--color-section-notes)"
      icon={mdiPin}
      count={pinned.length}
      emptyLine={<Trans>Pin a note to keep it here.</Trans>}
    >
      {pinned.length === 0 ? null : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t`Pinned notes`}>
          {pinned.slice(0, NOTES_SHOWN).map((note) => (
            <li key={note._id} data-dashboard-note={note._id}>
              <Link
                href={`/notes?id=${encodeURIComponent(note._id)}`}
                className={cn('flex h-full min-h-20 flex-col gap-1 rounded-xl border border-line bg-surface py-2 pr-2 pl-3 hover:bg-surface-2', focusRing)}
                style={{ borderLeft: `5px solid ${note.color}` }}
              >
                <span className="font-medium break-words">{note.title || t`Untitled note`}</span>
                <span className="line-clamp-2 text-sm text-muted">{excerptOf(note)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
});
