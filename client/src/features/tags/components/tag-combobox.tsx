import { mdiPlus } from '@mdi/js';
import { Trans, useLingui } from '@lingui/react/macro';
import { Popover } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { tagNameKey } from '@adhd/shared/tags/ids';
import type { Tag } from '../data/queries';
import { Icon } from '../../../components/ui/icon';

interface TagComboboxProps {
  /** Every live tag. */
  tags: Tag[];
  /** Ids already chosen; they are not offered again. */
  selected: string[];
  onPick(id: string): void;
  /** A name no tag has yet: open the tag creation dialog with it. */
  onCreate(name: string): void;
  /** Backspace in the empty field takes off the last chosen tag. */
  onRemoveLast?(): void;
}

type Option = { kind: 'tag'; tag: Tag } | { kind: 'create'; name: string };

/**
 * An ARIA combobox over the tags: typing filters them, arrows move through the list, Enter picks the
 * highlighted tag, else the tag named exactly as typed, else offers to create it. Esc closes the list (and
 * only the list, inside a dialog). The list is a Radix popover, so a scrolling dialog body does not clip it.
 */
export function TagCombobox({ tags, selected, onPick, onCreate, onRemoveLast }: TagComboboxProps) {
  const { t } = useLingui();
  const listId = useId();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const key = tagNameKey(query);
  const exact = key ? tags.find((tag) => tagNameKey(tag.name) === key) : undefined;
  const options: Option[] = tags
    .filter((tag) => !selected.includes(tag.id) && (!key || tagNameKey(tag.name).includes(key)))
    .map((tag) => ({ kind: 'tag' as const, tag }));
  if (key && !exact) options.push({ kind: 'create', name: query.trim() });
  const showList = open && (options.length > 0 || tags.length === 0 || !key);

  const optionId = (i: number) => `${listId}-${i}`;
  const choose = (option: Option) => {
    setQuery('');
    setActive(-1);
    if (option.kind === 'tag') onPick(option.tag.id);
    else {
      setOpen(false);
      onCreate(option.name);
    }
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      e.preventDefault(); // never submit the surrounding form from here
      const highlighted = active >= 0 ? options[active] : undefined;
      if (highlighted) choose(highlighted);
      else if (exact && !selected.includes(exact.id)) choose({ kind: 'tag', tag: exact });
      else if (exact) setQuery('');
      else if (key) choose({ kind: 'create', name: query.trim() });
    } else if (e.key === 'Backspace' && query === '' && selected.length > 0) {
      onRemoveLast?.();
    }
  }

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  return (
    <Popover.Root open={showList} onOpenChange={(next) => !next && close()}>
      <label htmlFor={inputId} className="sr-only">
        <Trans>Find or create a tag</Trans>
      </label>
      <Popover.Anchor asChild>
        <input
          ref={inputRef}
          id={inputId}
          role="combobox"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={t`Type to find or create a tag`}
          autoComplete="off"
          className="min-h-9 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
        />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          role="presentation"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.target === inputRef.current && e.preventDefault()}
          className="z-50 w-[var(--radix-popover-trigger-width)] rounded-lg border border-line bg-surface p-1 text-ink shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label={t`Tags`} className="max-h-[min(15rem,var(--radix-popover-content-available-height))] overflow-y-auto">
            {options.map((option, i) => (
              <li
                key={option.kind === 'tag' ? option.tag.id : 'create'}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(option)}
                className={`flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm ${i === active ? 'bg-surface-2' : ''}`}
              >
                {option.kind === 'tag' ? (
                  <>
                    <span aria-hidden className="size-3 shrink-0 rounded-full ring-1 ring-black/15 ring-inset" style={{ backgroundColor: option.tag.color }} />
                    <span className="truncate">{option.tag.name}</span>
                  </>
                ) : (
                  <CreateOption name={option.name} />
                )}
              </li>
            ))}
            {options.length === 0 && (
              <li role="presentation" className="px-2 py-2 text-sm text-muted">
                {tags.length === 0 ? <Trans>No tags yet. Type a name to create one.</Trans> : <Trans>Every tag is already chosen.</Trans>}
              </li>
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function CreateOption({ name }: { name: string }) {
  return (
    <>
      <Icon path={mdiPlus} size={16} className="text-primary" />
      <span className="truncate">
        <Trans>Create “{name}”</Trans>
      </span>
    </>
  );
}
