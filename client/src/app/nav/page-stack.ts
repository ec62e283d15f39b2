import { useEffect, useLayoutEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { useRouter, type BaseLocationHook, type BaseSearchHook } from 'wouter';

/**
 * One page of the layout's main area: the current one, or one that is leaving. A leaving page keeps the path and
 * query it had (its location is frozen, so its screen does not turn into the new one) and is hidden at once
 * (`.page-leaving`: `content-visibility: hidden`, no height, so hiding it costs no layout or paint of its rows);
 * it is unmounted when the browser is next idle, after the new page has painted.
 */
export interface Page {
  id: number;
  leaving: boolean;
  /** A leaving page's location hooks (for its own `<Router>`); none for the current page, which uses the app's. */
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
}

type Router = ReturnType<typeof useRouter>;

/**
 * Location hooks that call the app's own (so the screen's components call the same React hooks in the same order
 * as before) but answer the path and query the page had.
 */
function frozen(router: Router, path: string, search: string): Pick<Page, 'hook' | 'searchHook'> {
  return {
    hook: ((r: Router) => [path, router.hook(r)[1]]) as BaseLocationHook,
    searchHook: ((r: Router) => (router.searchHook(r), search)) as BaseSearchHook,
  };
}

interface Stack {
  pages: Page[];
  path: string;
  search: string;
}

/**
 * The pages to render for `path` (the pathname; a change of the query alone stays on the page): a new path makes
 * the current page leave and adds a new one after it. Tearing down a long screen (300 habit rows) took most of a
 * navigation's time; now it happens after the new screen is painted. Focus inside a leaving page goes to the
 * body, as it did when the page was removed at once.
 */
export function usePageStack(path: string, search: string): Page[] {
  const router = useRouter();
  const [stack, setStack] = useState<Stack>(() => ({ pages: [{ id: 0, leaving: false }], path, search }));
  let current = stack;
  if (stack.path !== path) {
    const pages = stack.pages.map((p) => (p.leaving ? p : { ...p, leaving: true, ...frozen(router, stack.path, stack.search) }));
    const last = stack.pages[stack.pages.length - 1];
    current = { pages: [...pages, { id: last.id + 1, leaving: false }], path, search };
    setStack(current);
  } else if (stack.search !== search) {
    current = { ...stack, search };
    setStack(current);
  }
  const { pages } = current;
  const leaving = pages.some((p) => p.leaving);

  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (leaving && focused instanceof HTMLElement && focused.closest('main[data-leaving]')) focused.blur();
  }, [leaving, pages]);

  useEffect(() => {
    if (!leaving) return;
    return whenIdle(() => setStack((s) => ({ ...s, pages: s.pages.filter((p) => !p.leaving) })), 1000, 50);
  }, [leaving, pages]);
  return pages;
}
