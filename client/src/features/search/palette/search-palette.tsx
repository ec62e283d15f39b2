import { Trans, useLingui } from '@lingui/react/macro';
import { mdiClockOutline, mdiMagnify } from '@mdi/js';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import type { AppDatabase } from '../../../db/database';
import { useDb } from '../../../db/session';
import { addRecent, clearRecents, readRecents } from '../data/recents';
import { localSearchFor } from '../data/local-search';
import { plainText } from '@adhd/shared/news/excerpt';
import { highlight, snippet, type SnippetPart } from '../logic/text';
import type { SearchType } from '../logic/types';
import { Option, OptionGroup, useListbox, type ListOption } from './listbox';
import { useSearchResults, type PaletteItem } from './use-search-results';

/** SPEC section 2: where a result opens, and its colour (task primary, note amber, event blue, habit green, inbox purple). */
const ROUTE: Record<SearchType, string> = { task: '/tasks', note: '/notes', event: '/calendar', habit: '/habits', inbox: '/inbox' };
const COLOR: Record<SearchType, string> = {
  // "task primary": the theme's primary colour (lighter in the dark theme, where the section colour is too dark to read).
  task: 'var(--color-primary)',
  note: 'var(--color-section-notes)',
  event: 'var(--color-section-events)',
  habit: 'var(--color-section-habits)',
  inbox: 'var(--color-section-inbox)',
};

export const resultPath = (type: SearchType, id: string) => `${ROUTE[type]}?id=${encodeURIComponent(id)}`;

/** Starts building the index of `db` ahead of the first Ctrl+K (the search button hovered or focused). */
export function warmSearch(db: AppDatabase): void {
  void localSearchFor(db);
}

function Parts({ parts }: { parts: SnippetPart[] }) {
  return parts.map((p, i) => (p.match ? <strong key={i} className="font-semibold text-ink">{p.text}</strong> : <span key={i}>{p.text}</span>));
}

/** One result (memoised: a keystroke renders the palette before its results change, and snippets are not free). */
const ResultRow = memo(function ResultRow({ item }: { item: PaletteItem }) {
  const title = item.title || item.body.split('\n')[0] || '';
  // A note's text is Markdown: the snippet shows what the reader sees, without the marks.
  const body = item.title ? snippet(item.type === 'note' ? plainText(item.body) : item.body, item.terms) : null;
  return (
    <div className="flex min-w-0 items-start gap-2.5">
      <span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ background: COLOR[item.type] }} />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm text-ink">
          <Parts parts={highlight(title, item.terms)} />
        </div>
        {body && (
          <div className="truncate text-xs text-muted">
            <Parts parts={body} />
          </div>
        )}
      </div>
    </div>
  );
});

/**
 * A group's heading: the type's colour as a dot (as on each row) and the name in the muted text colour. The spec's
 * colours themselves are too light for 12 px text on a light background (amber on white is 2.1:1; WCAG asks 4.5:1).
 */
function GroupHeading({ type, label }: { type: SearchType; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted">
      <span aria-hidden className="size-2 rounded-full" style={{ background: COLOR[type] }} />
      {label}
    </span>
  );
}

/** A result as an option of the list (memoised with its row: only the options whose state changed re-render). */
interface ResultOptionProps {
  item: PaletteItem;
  id: string;
  selected: boolean;
  onOpen(item: PaletteItem): void;
  onActivate(key: string): void;
}

const ResultOption = memo(function ResultOption({ item, id, selected, onOpen, onActivate }: ResultOptionProps) {
  const key = itemKey(item);
  return (
    <Option id={id} selected={selected} onSelect={() => onOpen(item)} onActivate={() => onActivate(key)} className={itemClass} data-testid="search-result">
      <ResultRow item={item} />
    </Option>
  );
}, sameOption);

/** Each answer makes new items: a row whose result is the same as before (a longer prefix, same match) is kept. */
function sameOption(a: ResultOptionProps, b: ResultOptionProps): boolean {
  return a.id === b.id && a.selected === b.selected && a.onOpen === b.onOpen && a.onActivate === b.onActivate && sameItem(a.item, b.item);
}

function sameItem(a: PaletteItem, b: PaletteItem): boolean {
  if (a === b) return true;
  if (a.type !== b.type || a.id !== b.id || a.title !== b.title || a.body !== b.body || a.terms.size !== b.terms.size) return false;
  for (const term of a.terms) if (!b.terms.has(term)) return false;
  return true;
}

/**
 * Keeps the option the keyboard moved to in view, after the render that marked it; the first option of a group
 * brings its heading along.
 */
function scrollIntoView(id: string) {
  requestAnimationFrame(() => {
    const option = document.getElementById(id);
    if (!option) return;
    const group = option.parentElement;
    if (group?.firstElementChild === option) group.previousElementSibling?.scrollIntoView({ block: 'nearest' });
    option.scrollIntoView({ block: 'nearest' });
  });
}

const itemKey = (item: PaletteItem) => `${item.type}:${item.id}`;

const headingClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide';

const itemClass =
  'cursor-pointer rounded-lg px-3 py-2 outline-none data-[selected=true]:bg-surface-2 aria-selected:bg-surface-2 min-h-11 flex items-center';

/** The Ctrl+K palette (a lazy chunk): grouped results with snippets, recents on a blank query, server fallback. */
export function SearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const db = useDb();
  if (!db) return null;
  // Keyed by the database: another user signing in gets their own recents and query.
  return <PaletteDialog key={db.name} db={db} open={open} onOpenChange={onOpenChange} />;
}

function PaletteDialog({ db, open, onOpenChange }: { db: AppDatabase; open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [recents, setRecents] = useState(() => readRecents(db.userId));
  const { results, prefetch } = useSearchResults(db, query);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const heading: Record<SearchType, string> = { task: t`Tasks`, note: t`Notes`, event: t`Events`, habit: t`Habits`, inbox: t`Inbox` };

  // Groups in the order of their best result (the index answers best first).
  const groups = useMemo(() => {
    if (results.kind !== 'results') return [];
    const byType = new Map<SearchType, PaletteItem[]>();
    for (const item of results.items) {
      const list = byType.get(item.type) ?? [];
      list.push(item);
      byType.set(item.type, list);
    }
    return [...byType];
  }, [results]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setQuery('');
  };
  const openItem = (item: PaletteItem) => {
    if (query.trim()) setRecents(addRecent(db.userId, query));
    close(false);
    navigate(resultPath(item.type, item.id));
  };
  // The rows are memoised: they get one callback for the whole life of the palette, which calls the newest.
  const openLatest = useRef(openItem);
  openLatest.current = openItem;
  const onOpen = useCallback((item: PaletteItem) => openLatest.current(item), []);

  const blank = !query.trim();
  const shownQuery = results.kind === 'blank' ? '' : results.query;
  const clear = () => {
    clearRecents(db.userId);
    setRecents([]);
    input.current?.focus();
  };

  // The options in the order shown: the recent searches on a blank query, else the results group by group.
  const options: ListOption[] = blank
    ? recents.map((r) => ({ key: `recent:${r}`, select: () => setQuery(r) }))
    : groups.flatMap(([, items]) => items.map((item) => ({ key: itemKey(item), select: () => openItem(item) })));
  const listbox = useListbox(options, blank ? 'recent' : results, scrollIntoView);
  const { activeKey, optionId, activate } = listbox;
  // Another list starts at its top (its first option is the active one). Only after the user scrolled: reading
  // or writing the scroll position forces a layout in the keystroke's task.
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (!scrolled.current || !list.current) return;
    scrolled.current = false;
    list.current.scrollTop = 0;
  }, [blank, results]);

  return (
    <AppDialog open={open} onOpenChange={close} title={t`Search`} hideTitle width={600} fullScreenOnNarrow className="min-[601px]:top-[12vh]! min-[601px]:translate-y-0!" data-testid="search-palette"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        input.current?.focus();
      }}
    >
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 focus-within:border-primary">
          <Icon path={mdiMagnify} size={20} className="text-muted" />
          <input
            ref={input}
            {...listbox.inputProps}
            type="text"
            aria-label={t`Search`}
            value={query}
            onChange={(e) => {
              prefetch(e.target.value);
              setQuery(e.target.value);
            }}
            onKeyDown={listbox.onKeyDown}
            placeholder={t`Search tasks, notes, events, habits, inbox…`}
            className="min-h-11 w-full bg-transparent text-base outline-none placeholder:text-muted"
          />
        </div>
        <div
          ref={list}
          {...listbox.listProps}
          data-query={shownQuery}
          onScroll={(e) => (scrolled.current = e.currentTarget.scrollTop > 0)}
          className="max-h-[min(60vh,28rem)] overflow-y-auto max-[600px]:max-h-none" aria-label={t`Results`}>
          {blank && recents.length > 0 && (
            <>
              {/* The group's heading is hidden from assistive technology: the Clear button sits outside it. */}
              <div className="flex items-center justify-between px-3 pt-1">
                <span className="text-xs font-medium text-muted">
                  <Trans>Recent searches</Trans>
                </span>
                <button type="button" className="min-h-8 rounded px-2 text-xs font-medium text-primary hover:bg-surface-2" onClick={clear}>
                  <Trans>Clear</Trans>
                </button>
              </div>
              <OptionGroup>
                {recents.map((r) => {
                  const key = `recent:${r}`;
                  return (
                    <Option key={r} id={optionId(key)} selected={activeKey === key} onSelect={() => setQuery(r)} onActivate={() => activate(key)} className={itemClass}>
                      <Icon path={mdiClockOutline} size={18} className="mr-2 text-muted" />
                      <span className="truncate text-sm">{r}</span>
                    </Option>
                  );
                })}
              </OptionGroup>
            </>
          )}
          {blank && recents.length === 0 && (
            <p className="px-3 py-6 text-center text-sm text-muted">
              <Trans>Type to search your tasks, notes, events, habits and inbox.</Trans>
            </p>
          )}
          {results.kind === 'failed' && !blank && (
            <div role="alert" className="px-3 py-6 text-center text-sm">
              <p className="font-medium text-danger">
                <Trans>Search failed</Trans>
              </p>
              <p className="text-muted">{results.message}</p>
            </div>
          )}
          {results.kind === 'results' && !blank && groups.length === 0 && (
            <p className="px-3 py-6 text-center text-sm text-muted">
              <Trans>No results for “{shownQuery}”</Trans>
            </p>
          )}
          {!blank &&
            groups.map(([type, items]) => (
              <OptionGroup key={type} heading={<GroupHeading type={type} label={heading[type]} />} headingClassName={headingClass}>
                {items.map((item) => {
                  const key = itemKey(item);
                  return <ResultOption key={key} item={item} id={optionId(key)} selected={activeKey === key} onOpen={onOpen} onActivate={activate} />;
                })}
              </OptionGroup>
            ))}
        </div>
        {results.kind === 'results' && results.from === 'server' && !blank && (
          <p className="px-3 text-xs text-muted">
            <Trans>Searching on the server while this device finishes its first sync.</Trans>
          </p>
        )}
        <p className="hidden px-3 text-xs text-muted sm:block">
          <Trans>↑ ↓ to move, Enter to open, Esc to close</Trans>
        </p>
      </div>
    </AppDialog>
  );
}
