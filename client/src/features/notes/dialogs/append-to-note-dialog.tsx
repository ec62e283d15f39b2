import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/textarea';
import { TextField } from '../../../components/ui/text-field';
import { sortNotes } from '@adhd/shared/notes/logic';
import { useNoteActions } from '../data/mutations';
import { useNotes } from '../data/queries';
import { ChoiceButton } from '../../../components/ui/choice';

export interface AppendToNoteDialogProps {
  open: boolean;
  /** The text to add; editable here. The inbox passes an item's text, the editor its current body. */
  text: string;
  /** A note that cannot be the target (the one being edited). */
  exclude?: string;
  onClose(): void;
  /** Called after the text was appended, with the target note's id. */
  onAppended?(noteId: string): void;
  /** Does the append instead of `note.update` (the inbox appends an item and removes it in one write). */
  onAppend?(noteId: string, text: string): Promise<void>;
}

/** 'Append to note': add text at the end of an existing note instead of creating a new one. */
export function AppendToNoteDialog({ open, text, exclude, onClose, onAppended, onAppend }: AppendToNoteDialogProps) {
  const { t } = useLingui();
  const notes = useNotes();
  const actions = useNoteActions();
  const listId = useId();
  const [draft, setDraft] = useState(text);
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = useMemo(() => {
    const q = query.trim().toLowerCase();
    return sortNotes(notes ?? []).filter((n) => n._id !== exclude && (!q || n.title.toLowerCase().includes(q))).slice(0, 50);
  }, [notes, query, exclude]);

  const append = async () => {
    if (!target || !draft.trim()) return;
    try {
      if (onAppend) await onAppend(target, draft);
      else await actions.append(target, draft);
      onAppended?.(target);
      onClose();
    } catch (err) {
      console.error('Append to note failed', err);
      setError(t`Couldn’t add the text to the note. Please try again.`);
    }
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t`Append to note`}
      width={600}
      fullScreenOnNarrow
      data-testid="append-to-note"
      footer={
        <>
          {error && (
            <p role="alert" className="mr-auto text-sm text-danger">
              {error}
            </p>
          )}
          <Button variant="ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="primary" disabled={!target || !draft.trim()} onClick={() => void append()}>
            <Trans>Append</Trans>
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextArea label={t`Text to add`} rows={4} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <TextField label={t`Find a note`} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        <div role="listbox" id={listId} aria-label={t`Notes`} className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {choices.length === 0 && (
            <p className="text-sm text-muted">
              <Trans>No notes to add to.</Trans>
            </p>
          )}
          {choices.map((n) => (
            <ChoiceButton
              key={n._id}
              choiceRole="option"
              selected={target === n._id}
              onClick={() => setTarget(n._id)}
              className="flex min-h-11 items-center gap-2 rounded-lg border px-3 text-left text-sm sm:min-h-9"
            >
              <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: n.color }} />
              <span className="truncate">{n.title}</span>
            </ChoiceButton>
          ))}
        </div>
      </div>
    </AppDialog>
  );
}
