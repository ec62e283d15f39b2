import { mdiPlus, mdiTagMultipleOutline } from '@mdi/js';
import { Plural, Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { EmptyState, ScreenHeader } from '../../components/ui/screen';
import { ColorPickerDialog } from './components/color-picker';
import { TagList } from './components/tag-list';
import { useTagActions } from './data/mutations';
import { useTags, useTagUsage, type Tag } from './data/queries';
import { DeleteTagDialog } from './dialogs/delete-tag-dialog';
import { TagFormDialog } from './dialogs/tag-form-dialog';

/** /tags: every tag with its colour, description and usage count; create, rename, recolour and delete. */
export function TagsScreen() {
  const tags = useTags();
  const usage = useTagUsage();
  const actions = useTagActions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Tag | null>(null);
  const [recoloring, setRecoloring] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [recolorFailed, setRecolorFailed] = useState(false);

  async function recolor(tag: Tag, color: string) {
    setRecolorFailed(false);
    if (color === tag.color) return;
    try {
      await actions.update(tag.id, { color });
    } catch {
      setRecolorFailed(true);
    }
  }

  return (
    <section aria-labelledby="tags-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <ScreenHeader
        titleId="tags-title"
        title={<Trans>Tags</Trans>}
        titleClassName="text-section-tags"
        className="gap-3"
        subtitle={tags && tags.length > 0 ? <TagCount count={tags.length} /> : <Trans>Shared by tasks, notes, habits and events</Trans>}
      >
        {tags && tags.length > 0 && <NewTagButton onClick={() => setCreating(true)} />}
      </ScreenHeader>

      {recolorFailed && (
        <p role="alert" className="text-sm text-danger">
          <Trans>Failed to update tag</Trans>
        </p>
      )}

      {tags === undefined ? (
        <p role="status" className="py-8 text-center text-muted">
          <Trans>Loading tags...</Trans>
        </p>
      ) : tags.length === 0 ? (
        <EmptyState
          icon={mdiTagMultipleOutline}
          iconColor="var(--color-section-tags)"
          title={<Trans>No tags yet</Trans>}
          hint={<Trans>Tags group related tasks, notes, habits and events, so you can find them in one go. Create your first one.</Trans>}
        >
          <NewTagButton onClick={() => setCreating(true)} />
        </EmptyState>
      ) : (
        <TagList tags={tags} usage={usage} onEdit={setEditing} onRecolor={setRecoloring} onDelete={setDeleting} />
      )}

      <TagFormDialog open={creating} onOpenChange={setCreating} />
      <TagFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} tag={editing ?? undefined} />
      <ColorPickerDialog
        open={recoloring !== null}
        onOpenChange={(open) => !open && setRecoloring(null)}
        value={recoloring?.color}
        onSelect={(color) => recoloring && void recolor(recoloring, color)}
      />
      <DeleteTagDialog tag={deleting} usage={deleting ? (usage?.get(deleting.id) ?? 0) : 0} onClose={() => setDeleting(null)} />
    </section>
  );
}

function NewTagButton({ onClick }: { onClick(): void }) {
  return (
    <Button variant="primary" onClick={onClick}>
      <Icon path={mdiPlus} size={20} />
      <Trans>New tag</Trans>
    </Button>
  );
}

function TagCount({ count }: { count: number }) {
  return <Plural value={count} one="# tag, shared by tasks, notes, habits and events" other="# tags, shared by tasks, notes, habits and events" />;
}
