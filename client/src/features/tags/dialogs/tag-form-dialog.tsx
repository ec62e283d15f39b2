import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ColorPicker } from '../components/color-picker';
import { DialogActions, DialogShell } from '../components/dialog-shell';
import { TagWriteFailure, useTagActions, type TagWriteError } from '../data/mutations';
import type { Tag } from '../data/queries';
import { isHexColor, TAG_DEFAULT_COLOR } from '../lib/colors';

interface TagFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Edit this tag; without it the dialog creates a new one. */
  tag?: Tag;
  /** The name a new tag starts with (what was typed in the tag selector). */
  initialName?: string;
  /** Called with the tag's id after it was created or saved. */
  onSaved?(id: string): void;
}

/**
 * The tag creation dialog (SPEC section 2, max 400 px): name, colour (swatch area at most 150 px high) and
 * description. Creating with a blank name closes it without creating anything. The same form edits a tag.
 */
export function TagFormDialog({ open, onOpenChange, tag, initialName = '', onSaved }: TagFormDialogProps) {
  const { t } = useLingui();
  const actions = useTagActions();
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState(TAG_DEFAULT_COLOR);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<TagWriteError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(tag?.name ?? initialName);
    setColor(tag?.color || TAG_DEFAULT_COLOR);
    setDescription(tag?.description ?? '');
    setError(null);
    setBusy(false);
  }, [open, tag, initialName]);

  const messages: Record<TagWriteError, string> = {
    exists: t`A tag with this name already exists`,
    nameRequired: t({ message: 'Name is required', context: 'tag' }),
    failed: tag ? t`Failed to update tag` : t`Failed to create tag`,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The dialog is portalled, but React events still bubble to the form the selector sits in (a task form).
    e.stopPropagation();
    if (busy) return;
    if (!tag && name.trim() === '') {
      onOpenChange(false); // SPEC section 4: a blank name closes the dialog without creating
      return;
    }
    if (tag && name.trim() === '') {
      setError('nameRequired');
      return;
    }
    setBusy(true);
    try {
      let id: string;
      if (tag) {
        const patch = changes(tag, { name, color, description });
        if (Object.keys(patch).length > 0) await actions.update(tag.id, patch);
        id = tag.id;
      } else {
        id = await actions.create({ name, color, description });
      }
      onSaved?.(id);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof TagWriteFailure ? err.reason : 'failed');
      setBusy(false);
    }
  }

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={tag ? <Trans>Edit tag</Trans> : <Trans>New tag</Trans>}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={nameId} className="mb-1 block text-sm font-medium">
            <Trans context="tag">Name</Trans>
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            autoFocus
            autoComplete="off"
            maxLength={100}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className={INPUT}
          />
          {error && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
              {messages[error]}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">
            <Trans>Colour</Trans>
          </legend>
          <ColorPicker value={color} onChange={setColor} swatchMaxHeight={150} />
        </fieldset>
        <div>
          <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium">
            <Trans>Description</Trans>
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={3}
            maxLength={1000}
            className={`${INPUT} py-2`}
          />
        </div>
        <DialogActions className="mt-1">
          <Button onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !isHexColor(color)}>
            {tag ? <Trans>Save</Trans> : <Trans>Create</Trans>}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}

const INPUT =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger sm:min-h-9 sm:text-sm';

/** Only the fields that changed, so a concurrent edit of another field on another device survives. */
function changes(tag: Tag, next: { name: string; color: string; description: string }) {
  const patch: Partial<typeof next> = {};
  if (next.name.trim() !== tag.name) patch.name = next.name;
  if (next.color !== tag.color) patch.color = next.color;
  if (next.description !== tag.description) patch.description = next.description;
  return patch;
}
