import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { currentDb } from '../../db/session';
import { START_ICONS } from '../../components/ui/start-icons';

/**
 * What the layout mounts for search (in the initial JS, so kept small): the header's search button and the
 * Ctrl+K / Cmd+K key handler. The palette, the index client, the worker and MiniSearch load on the
 * first open (or when the button is hovered or focused), as their own chunks.
 */
const loadPalette = () => import('./palette/search-palette');
const Palette = lazy(() => loadPalette().then((m) => ({ default: m.SearchPalette })));

let isOpen = false;
/** Whether the palette was ever opened: it stays mounted after, so it opens at once the next time. */
let mounted = false;
const listeners = new Set<() => void>();
function setOpen(open: boolean): void {
  if (open === isOpen) return;
  isOpen = open;
  mounted ||= open;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Opens the palette (also closes it: `toggleSearch`). */
export const openSearch = () => setOpen(true);
export const toggleSearch = () => setOpen(!isOpen);

/** Ctrl+K or Cmd+K, by the key's position (a Russian layout types `л` there), with no other modifier. */
export function isSearchShortcut(e: KeyboardEvent): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return false;
  return e.code === 'KeyK' || e.key === 'k' || e.key === 'K';
}

/**
 * Ctrl+K / Cmd+K from every signed-in screen, also inside text fields (the browser's own use of the key is
 * prevented): opens the palette, or closes it when open.
 */
export function useSearchShortcut(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || !isSearchShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
      toggleSearch();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      setOpen(false);
    };
  }, [enabled]);
}

/** Starts loading the palette and building the index before the first open. */
function warm(): void {
  void loadPalette().then((m) => {
    const db = currentDb();
    if (db) m.warmSearch(db);
  });
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The header's search button ("Search", with the Ctrl K hint), and the palette once it has been opened. */
export function SearchButton() {
  const open = useSyncExternalStore(subscribe, () => isOpen);
  return (
    <>
      <button
        type="button"
        onClick={openSearch}
        onPointerEnter={warm}
        onFocus={warm}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        data-testid="search-button"
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-2.5 text-sm text-muted hover:bg-surface-2 sm:min-h-9 ${focusRing}`}
      >
        <Icon path={START_ICONS.magnify} size={18} />
        {/* The name is the visible word (hidden visually on phones); the key hint is announced as aria-keyshortcuts. */}
        <span className="sr-only sm:not-sr-only">
          <Trans>Search</Trans>
        </span>
        <kbd aria-hidden="true" className="hidden rounded border border-line px-1.5 font-sans text-xs md:inline">{isMac ? '⌘ K' : 'Ctrl K'}</kbd>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <Palette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
