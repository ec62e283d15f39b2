import { mdiDeleteOutline, mdiPencilOutline } from '@mdi/js';
import { Plural, useLingui } from '@lingui/react/macro';
import type { Tag } from '../data/queries';
import { Icon } from '../../../components/ui/icon';

interface TagListProps {
  tags: Tag[];
  /** Items holding each tag; `undefined` while counting. */
  usage: Map<string, number> | undefined;
  onEdit(tag: Tag): void;
  onRecolor(tag: Tag): void;
  onDelete(tag: Tag): void;
}

const ICON_BUTTON =
  'grid size-11 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary sm:size-9';

/** The /tags list: colour (click to recolour), name and description (click to edit), usage count, delete. */
export function TagList({ tags, usage, onEdit, onRecolor, onDelete }: TagListProps) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {tags.map((tag) => {
        const count = usage?.get(tag.id) ?? 0;
        const name = tag.name;
        return (
          <li key={tag.id} data-testid="tag-row" className="flex items-center gap-1 px-2 py-1.5 sm:gap-2 sm:px-3">
            <button type="button" onClick={() => onRecolor(tag)} aria-label={t`Change the colour of ${name}`} title={tag.color} className={ICON_BUTTON}>
              <span aria-hidden className="size-6 rounded-full ring-1 ring-black/15 ring-inset dark:ring-white/25" style={{ backgroundColor: tag.color }} />
            </button>
            <button
              type="button"
              onClick={() => onEdit(tag)}
              className="group flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded-lg px-2 py-1 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
            >
              <span className="flex w-full items-center gap-2">
                {/* The name holds all the visible text, the action first (axe: label-content-name-mismatch). */}
                <span className="sr-only">{t`Edit tag`} </span>
                <span className="truncate font-medium">{tag.name}</span>
                <Icon path={mdiPencilOutline} size={16} className="text-muted opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100" />
              </span>
              {tag.description && <span className="w-full truncate text-sm text-muted">{tag.description}</span>}
              <span className="text-xs text-muted sm:hidden" data-testid="tag-usage-narrow">
                {usage && <Plural value={count} _0="Not used" one="Used in # item" other="Used in # items" />}
              </span>
            </button>
            <span data-testid="tag-usage" className="hidden shrink-0 rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-muted tabular-nums sm:inline">
              {usage && <Plural value={count} _0="Not used" one="Used in # item" other="Used in # items" />}
            </span>
            <button type="button" onClick={() => onDelete(tag)} aria-label={t`Delete tag ${name}`} className={`${ICON_BUTTON} hover:text-danger`}>
              <Icon path={mdiDeleteOutline} size={20} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
