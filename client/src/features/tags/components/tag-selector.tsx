import { mdiPlus } from '@mdi/js';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { TagFormDialog } from '../dialogs/tag-form-dialog';
import { useTags, type Tag } from '../data/queries';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { useTagLookup } from '../hooks/use-tag-lookup';
import { TagChip } from './tag-chip';
import { TagCombobox } from './tag-combobox';
import { Icon } from '../../../components/ui/icon';

interface TagSelectorProps {
  value: string[];
  onChange(ids: string[]): void;
  label?: string;
}

/**
 * Picks the tags of an item (SPEC section 4, 'Tag selector'). The chosen tags show as removable chips. On a
 * wide screen a combobox filters the tags as you type, and a new name opens the tag creation dialog prefilled;
 * below 600 px a select of the existing tags and a + button that opens the dialog are used instead. A created
 * tag is added to the selection.
 */
export function TagSelector({ value, onChange, label }: TagSelectorProps) {
  const { t } = useLingui();
  const tags = useTags();
  const lookup = useTagLookup(value);
  const narrow = useNarrowScreen();
  const labelId = useId();
  const [creating, setCreating] = useState<string | null>(null);

  const add = (id: string) => {
    if (!value.includes(id)) onChange([...value, id]);
  };
  const remove = (id: string) => onChange(value.filter((v) => v !== id));
  const available = (tags ?? []).filter((tag) => !value.includes(tag.id));

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          {label ?? t`Tags`}
        </span>
        <Link href="/tags" className="rounded text-sm text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          <Trans>Create new tag</Trans>
        </Link>
      </div>
      {value.length > 0 && (
        <ul aria-label={t`Selected tags`} className="flex flex-wrap gap-1.5">
          {value.map((id) => (
            <li key={id} className="max-w-full">
              <TagChip lookup={lookup(id)} onRemove={() => remove(id)} />
            </li>
          ))}
        </ul>
      )}
      {narrow ? (
        <NarrowPicker tags={available} loading={tags === undefined} onPick={add} onCreate={() => setCreating('')} />
      ) : (
        <TagCombobox
          tags={tags ?? []}
          selected={value}
          onPick={add}
          onCreate={(name) => setCreating(name)}
          onRemoveLast={() => onChange(value.slice(0, -1))}
        />
      )}
      <TagFormDialog
        open={creating !== null}
        onOpenChange={(open) => !open && setCreating(null)}
        initialName={creating ?? ''}
        onSaved={add}
      />
    </div>
  );
}

/** Below 600 px: a native select of the tags not yet chosen, and a + button for a new one (44 px targets). */
function NarrowPicker({ tags, loading, onPick, onCreate }: { tags: Tag[]; loading: boolean; onPick(id: string): void; onCreate(): void }) {
  const { t } = useLingui();
  return (
    <div className="flex gap-2">
      <select
        aria-label={t`Add a tag`}
        value=""
        onChange={(e) => e.target.value && onPick(e.target.value)}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-primary"
      >
        <option value="">{loading ? t`Loading tags...` : tags.length ? t`Add a tag…` : t`No more tags`}</option>
        {tags.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={onCreate}
        aria-label={t`New tag`}
        className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary text-primary-contrast focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Icon path={mdiPlus} size={24} />
      </button>
    </div>
  );
}
