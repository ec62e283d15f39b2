import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The palette's combobox and listbox (WAI-ARIA "combobox with listbox popup"), in place of cmdk: cmdk registers
 * every item in its own store on each render and re-renders the list through several passes per keystroke;
 * here the options are a plain array and one state (the active option) decides `aria-selected`. What cmdk gave
 * the palette is kept: the field is a `combobox` pointing at the `listbox` and at its active option
 * (`aria-activedescendant`), options sit in `group`s named by a heading hidden from assistive technology (it
 * names the group instead), ↑ ↓ move with wrap-around, Home and End, Enter opens the active option, the pointer
 * moving over an option makes it active, and a new list (another query) starts on its first option.
 */
export interface ListOption {
  /** Unique in the list; the active option is remembered by it while the list stays the same. */
  key: string;
  select(): void;
}

export interface Listbox {
  /** The key of the active option (the first one unless the keyboard or the pointer moved it). */
  activeKey: string | null;
  /** The element id of the option `key`. */
  optionId(key: string): string;
  /** Makes `key` active (the pointer). */
  activate(key: string): void;
  /** The field's keyboard: arrows, Home, End, Enter. */
  onKeyDown(event: KeyboardEvent): void;
  inputProps: {
    role: 'combobox';
    'aria-expanded': true;
    'aria-controls': string;
    'aria-autocomplete': 'list';
    'aria-activedescendant': string | undefined;
    autoComplete: 'off';
    autoCorrect: 'off';
    spellCheck: false;
  };
  listProps: { id: string; role: 'listbox'; tabIndex: -1 };
}

/**
 * The state of a listbox over `options`, which belong to `list` (any value naming the list's contents, such as
 * the query its results answer): when `list` changes, the first option is active again.
 */
export function useListbox(options: ListOption[], list: unknown, onMove?: (id: string) => void): Listbox {
  const base = useId();
  const [chosen, setChosen] = useState<{ list: unknown; key: string } | null>(null);
  const keys = options.map((o) => o.key);
  const kept = chosen && chosen.list === list && keys.includes(chosen.key) ? chosen.key : null;
  const activeKey = kept ?? keys[0] ?? null;
  const optionId = useCallback((key: string) => `${base}-o-${key}`, [base]);
  const latest = useRef({ options, activeKey, list });
  latest.current = { options, activeKey, list };

  const activate = useCallback((key: string) => {
    setChosen((c) => (c && c.key === key && c.list === latest.current.list ? c : { list: latest.current.list, key }));
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const n = options.length;
    if (n === 0) return;
    const at = activeKey === null ? -1 : keys.indexOf(activeKey);
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = at + 1 >= n ? 0 : at + 1;
        break;
      case 'ArrowUp':
        next = at - 1 < 0 ? n - 1 : at - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = n - 1;
        break;
      case 'Enter':
        event.preventDefault();
        if (at >= 0) options[at]!.select();
        return;
      default:
        return;
    }
    event.preventDefault();
    const key = keys[next]!;
    setChosen({ list, key });
    onMove?.(optionId(key));
  };

  return {
    activeKey,
    optionId,
    activate,
    onKeyDown,
    inputProps: {
      role: 'combobox',
      'aria-expanded': true,
      'aria-controls': `${base}-list`,
      'aria-autocomplete': 'list',
      'aria-activedescendant': activeKey === null ? undefined : optionId(activeKey),
      autoComplete: 'off',
      autoCorrect: 'off',
      spellCheck: false,
    },
    listProps: { id: `${base}-list`, role: 'listbox', tabIndex: -1 },
  };
}

/** A group of options; `heading` (hidden from assistive technology) names it. */
export function OptionGroup({ heading, headingClassName, children }: { heading?: ReactNode; headingClassName?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="presentation">
      {heading && (
        <div aria-hidden id={id} className={headingClassName}>
          {heading}
        </div>
      )}
      <div role="group" aria-labelledby={heading ? id : undefined}>
        {children}
      </div>
    </div>
  );
}

/** One option: active on pointer move, chosen on click (the field's Enter goes through `useListbox`). */
export function Option({
  id,
  selected,
  onSelect,
  onActivate,
  className,
  children,
  'data-testid': testId,
}: {
  id: string;
  selected: boolean;
  onSelect(): void;
  onActivate(): void;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-selected={selected}
      className={className}
      data-testid={testId}
      onPointerMove={selected ? undefined : onActivate}
      onClick={onSelect}
    >
      {children}
    </div>
  );
}
