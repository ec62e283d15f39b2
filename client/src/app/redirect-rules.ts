import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * Admin path redirects on the client (CONTRACT.md `GET /api/redirects`): the rule list is kept in localStorage
 * and every navigation is checked against it at once (never a network wait, nothing needed when offline). The
 * list is asked for again in the background (redirect-fetch.ts, its own chunk) at most every few minutes, when the
 * app comes back online and when this tab's admin changed it (the `adhd:redirect-rules-changed` event); a fresh
 * list re-checks the current path. An external target is a full page navigation, an internal one a router
 * redirect replacing the entry. On the start path: keep it tiny (it costs start-up JS).
 */
export type Rules = Record<string, string>;
export const REDIRECT_RULES_KEY = 'redirect_rules';
const EVENTS = ['online', 'adhd:redirect-rules-changed'];
/** A loop of rules (A → B → A) stops after this many redirects in a row. */
const MAX_HOPS = 5;

let rules: Rules = {};
try {
  rules = JSON.parse(localStorage.getItem(REDIRECT_RULES_KEY) ?? '{}') as Rules;
} catch {
  /* none kept */
}
let fetchedAt = 0;
let hops = 0;
let changed = () => {};

function refresh(force?: unknown) {
  if (!navigator.onLine || (!force && Date.now() - fetchedAt < 300_000)) return;
  fetchedAt = Date.now();
  void import('./redirect-fetch').then((m) => m.fetchRules(REDIRECT_RULES_KEY)).then((next) => {
    if (next) {
      rules = next;
      changed();
    }
  });
}

/** The target of a path, or null: exact match after trimming a trailing slash; never /admin, /auth or /api. */
export function redirectTarget(path: string, list: Rules = rules): string | null {
  const key = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const to = Object.hasOwn(list, key) && !/^\/(api|admin|auth)(\/|$)/i.test(key) ? list[key] : null;
  return to && to !== key ? to : null;
}

/**
 * Called once by the router's guard: applies the rules to every location. Answers whether the current path is
 * being redirected (the guard then renders nothing instead of the path's own page or a sign-in redirect).
 */
export function useRedirectRules(): boolean {
  const [location, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  const to = redirectTarget(location);
  const go = to !== null && hops < MAX_HOPS;

  useEffect(() => {
    changed = () => setVersion((v) => v + 1);
    for (const e of EVENTS) addEventListener(e, refresh);
    return () => {
      for (const e of EVENTS) removeEventListener(e, refresh);
    };
  }, []);

  useEffect(() => {
    refresh();
    if (!go) {
      if (!to) hops = 0;
      return;
    }
    hops++;
    if (to.startsWith('/')) navigate(to, { replace: true });
    else window.location.assign(to);
  }, [location, version]);

  return go;
}
