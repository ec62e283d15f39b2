import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { NoteItem } from '../data/queries';
import { NoteCard } from './note-card';

/** Cards rendered at first and added per step: 2,000 notes must not stall the first paint. */
export const PAGE = 60;

export interface NoteGridProps {
  notes: NoteItem[];
  folderOf(id: string | null): { name: string; icon: string | null; color: string | null } | undefined;
  onOpen(id: string): void;
  onTogglePin(id: string, pinned: boolean): void;
}

/** A responsive grid of note cards; more cards are added as the end of the list scrolls into view. */
export function NoteGrid({ notes, folderOf, onOpen, onTogglePin }: NoteGridProps) {
  const [limit, setLimit] = useState(PAGE);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = notes.length > limit;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + PAGE);
    }, { rootMargin: '600px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, limit]);

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="note-grid">
        {notes.slice(0, limit).map((note) => (
          <NoteCard key={note._id} note={note} folder={folderOf(note.folder)} onOpen={onOpen} onTogglePin={onTogglePin} />
        ))}
      </div>
      {more && (
        <div ref={sentinel} className="flex justify-center">
          <Button variant="ghost" onClick={() => setLimit((l) => l + PAGE)}>
            <Trans>Show more notes</Trans>
          </Button>
        </div>
      )}
    </>
  );
}
