import { useLingui } from '@lingui/react/macro';
import { useTagLookup } from '../hooks/use-tag-lookup';
import { TagChip } from './tag-chip';

/** The tags of an item as coloured chips, read-only (tasks, notes, habits and events show these). */
export function TagChips({ ids }: { ids: string[] }) {
  const { t } = useLingui();
  const lookup = useTagLookup(ids);
  if (ids.length === 0) return null;
  return (
    <ul aria-label={t`Tags`} className="flex flex-wrap gap-1">
      {ids.map((id) => (
        <li key={id} className="max-w-full">
          <TagChip lookup={lookup(id)} />
        </li>
      ))}
    </ul>
  );
}
