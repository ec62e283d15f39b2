import { Plural, Trans } from '@lingui/react/macro';
import { useTagActions } from '../data/mutations';
import type { Tag } from '../data/queries';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface DeleteTagDialogProps {
  tag: Tag | null;
  /** How many items hold the tag. */
  usage: number;
  onClose(): void;
}

/** Deleting a tag cannot be undone and takes it off every item, so the confirmation says how many. */
export function DeleteTagDialog({ tag, usage, onClose }: DeleteTagDialogProps) {
  const actions = useTagActions();
  const name = tag?.name ?? '';
  return (
    <ConfirmDialog
      open={tag !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Delete the tag “{name}”?</Trans>}
      confirmLabel={<Trans>Delete</Trans>}
      onConfirm={() => (tag ? actions.remove(tag.id) : undefined)}
      errorText={<Trans>Failed to delete tag</Trans>}
      danger
      message={
      <span className="flex flex-col gap-2">
        <span>
          <Plural
            value={usage}
            _0="No item uses this tag."
            one="# item uses this tag. It will be removed from that item."
            other="# items use this tag. It will be removed from all of them."
          />
        </span>
        <span className="font-medium text-ink">
          <Trans>This cannot be undone.</Trans>
        </span>
      </span>
      }
    />
  );
}
