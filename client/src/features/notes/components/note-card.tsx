import { Trans, useLingui } from '@lingui/react/macro';
import { mdiPin, mdiPinOutline } from '@mdi/js';
import { memo } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import type { NoteItem } from '../data/queries';
import { folderColor, folderIconPath, NoteTagChips } from './bridges';

export interface NoteCardProps {
  note: NoteItem;
  folder?: { name: string; icon: string | null; color: string | null };
  onOpen(id: string): void;
  onTogglePin(id: string, pinned: boolean): void;
}

/**
 * `[label](url)` and `![label](url)` replaced by their label, in one pass: the label ends at the first `]`, which
 * must be followed by `(`, and the url at the next `)`. This is what `/!?\[([^\]]*)\]\([^)]*\)/g` answered,
 * without its rescan to the end of the text from every `[` that has no `](…)` after it (quadratic on `[[[[…`).
 */
function linksAsLabels(text: string): string {
  let out = '';
  let done = 0; // text before this index is in `out`
  let from = 0; // where to look for the next `[`
  for (;;) {
    const open = text.indexOf('[', from);
    if (open === -1) break;
    const close = text.indexOf(']', open + 1);
    if (close === -1) break; // no later `[` has a `]` after it either
    if (text[close + 1] !== '(') {
      from = close + 1; // every `[` before `close` ends its label at `close` too
      continue;
    }
    const end = text.indexOf(')', close + 2);
    if (end === -1) break; // no later link can end either
    const start = open > done && text[open - 1] === '!' ? open - 1 : open;
    out += text.slice(done, start) + text.slice(open + 1, close);
    done = from = end + 1;
  }
  return out + text.slice(done);
}

/**
 * Plain-text excerpt of a body: markdown marks stripped roughly, first 180 characters. The patterns run on what
 * the user typed, so none may backtrack (issue 12, point 1): a line's leading blanks are the blanks that do not
 * end the line (`[^\S\n\r\u2028\u2029]`), so a long run of empty lines is not rescanned from each of its lines.
 */
export function excerpt(content: string): string {
  return linksAsLabels(content.slice(0, 600).replace(/```[\s\S]*?(```|$)/g, ' '))
    .replace(/^[^\S\n\r\u2028\u2029]*([-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/^[^\S\n\r\u2028\u2029]*(#{1,6}|>)\s*/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/^-{3,}$/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
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
