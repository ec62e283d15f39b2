import { mdiClose } from '@mdi/js';
import { useLingui } from '@lingui/react/macro';
import { textColorOn } from '../lib/colors';
import type { TagLookup } from '../hooks/use-tag-lookup';
import { Icon } from '../../../components/ui/icon';

interface TagChipProps {
  lookup: TagLookup;
  /** Shows a remove button (×) when given. */
  onRemove?: () => void;
}

/** One tag as a coloured pill; the text is black or white, whichever reads better on the tag's colour. */
export function TagChip({ lookup, onRemove }: TagChipProps) {
  const { t } = useLingui();
  const tag = lookup.state === 'ready' ? lookup.tag : null;
  const style = tag ? { backgroundColor: tag.color, color: textColorOn(tag.color) } : undefined;
  const name = tag ? tag.name : lookup.state === 'loading' ? t`Loading tag...` : t`Unknown tag`;
  const tagName = tag?.name;
  return (
    <span
      data-testid="tag-chip"
      data-state={lookup.state}
      style={style}
      className={`inline-flex h-7 max-w-full items-center gap-1 rounded-full text-sm font-medium ${onRemove ? 'pl-2.5 pr-0.5' : 'px-2.5'} ${
        tag ? 'ring-1 ring-black/10 ring-inset dark:ring-white/15' : 'border border-dashed border-line bg-surface-2 text-muted italic'
      }`}
    >
      <span className="truncate">{name}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={tag ? t`Remove tag ${tagName}` : t`Remove tag`}
          className="relative grid size-6 shrink-0 place-items-center rounded-full opacity-80 after:absolute after:-inset-2.5 after:content-[''] hover:bg-black/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
        >
          <Icon path={mdiClose} size={16} />
        </button>
      )}
    </span>
  );
}
