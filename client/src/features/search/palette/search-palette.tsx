import { Trans, useLingui } from '@lingui/react/macro';
import { mdiClockOutline, mdiMagnify } from '@mdi/js';
import { Command } from 'cmdk';
import { memo, useMemo, useRef, useState } from 'react';
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
  const results = useSearchResults(db, query);
  const input = useRef<HTMLInputElement>(null);
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
  const blank = !query.trim();
  const shownQuery = results.kind === 'blank' ? '' : results.query;
  const clear = () => {
    clearRecents(db.userId);
    setRecents([]);
    input.current?.focus();
  };

  return (
    <AppDialog open={open} onOpenChange={close} title={t`Search`} hideTitle width={600} fullScreenOnNarrow className="min-[601px]:top-[12vh]! min-[601px]:translate-y-0!" data-testid="search-palette"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        input.current?.focus();
      }}
    >
      <Command shouldFilter={false} loop label={t`Search`} className="flex flex-col gap-2">
        <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 focus-within:border-primary">
          <Icon path={mdiMagnify} size={20} className="text-muted" />
          <Command.Input
            ref={input}
            value={query}
            onValueChange={setQuery}
            placeholder={t`Search tasks, notes, events, habits, inbox…`}
            className="min-h-11 w-full bg-transparent text-base outline-none placeholder:text-muted"
          />
        </div>
        <Command.List
          data-query={results.kind === 'blank' ? '' : results.query}
          className="max-h-[min(60vh,28rem)] overflow-y-auto max-[600px]:max-h-none" aria-label={t`Results`}>
          {blank && recents.length > 0 && (
            <>
              {/* cmdk hides a group's heading from assistive technology: the Clear button sits outside it. */}
              <div className="flex items-center justify-between px-3 pt-1">
                <span className="text-xs font-medium text-muted">
                  <Trans>Recent searches</Trans>
                </span>
                <button type="button" className="min-h-8 rounded px-2 text-xs font-medium text-primary hover:bg-surface-2" onClick={clear}>
                  <Trans>Clear</Trans>
                </button>
              </div>
              <Command.Group value="recent">
                {recents.map((r) => (
                  <Command.Item key={r} value={`recent:${r}`} onSelect={() => setQuery(r)} className={itemClass}>
                    <Icon path={mdiClockOutline} size={18} className="mr-2 text-muted" />
                    <span className="truncate text-sm">{r}</span>
                  </Command.Item>
                ))}
              </Command.Group>
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
              <Command.Group
                key={type}
                heading={<span style={{ color: COLOR[type] }}>{heading[type]}</span>}
                className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide"
              >
                {items.map((item) => (
                  <Command.Item key={`${item.type}:${item.id}`} value={`${item.type}:${item.id}`} onSelect={() => openItem(item)} className={itemClass} data-testid="search-result">
                    <ResultRow item={item} />
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
        </Command.List>
        {results.kind === 'results' && results.from === 'server' && !blank && (
          <p className="px-3 text-xs text-muted">
            <Trans>Searching on the server while this device finishes its first sync.</Trans>
          </p>
        )}
        <p className="hidden px-3 text-xs text-muted sm:block">
          <Trans>↑ ↓ to move, Enter to open, Esc to close</Trans>
        </p>
      </Command>
    </AppDialog>
  );
}
