import { mdiPlus, mdiTagMultipleOutline } from '@mdi/js';
import { Plural, Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
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
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="tags-title" className="text-2xl font-semibold" style={{ color: 'var(--color-section-tags)' }}>
            <Trans>Tags</Trans>
          </h1>
          <p className="text-sm text-muted">
            {tags && tags.length > 0 ? (
              <TagCount count={tags.length} />
            ) : (
              <Trans>Shared by tasks, notes, habits and events</Trans>
            )}
          </p>
        </div>
        {tags && tags.length > 0 && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
              <path d={mdiPlus} />
            </svg>
            <Trans>New tag</Trans>
          </Button>
        )}
      </header>

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
        <EmptyState onCreate={() => setCreating(true)} />
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

function EmptyState({ onCreate }: { onCreate(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface-2 px-6 py-10 text-center">
      <svg viewBox="0 0 24 24" aria-hidden className="size-12" style={{ fill: 'var(--color-section-tags)' }}>
        <path d={mdiTagMultipleOutline} />
      </svg>
      <h2 className="text-lg font-semibold">
        <Trans>No tags yet</Trans>
      </h2>
      <p className="max-w-sm text-sm text-muted">
        <Trans>Tags group related tasks, notes, habits and events, so you can find them in one go. Create your first one.</Trans>
      </p>
      <Button variant="primary" onClick={onCreate}>
        <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
          <path d={mdiPlus} />
        </svg>
        <Trans>New tag</Trans>
      </Button>
    </div>
  );
}

function TagCount({ count }: { count: number }) {
  return <Plural value={count} one="# tag, shared by tasks, notes, habits and events" other="# tags, shared by tasks, notes, habits and events" />;
}
