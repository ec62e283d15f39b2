import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { request } from '../lib/api';

/**
 * Admin path redirects on the client (CONTRACT.md `GET /api/redirects`): the rule list is kept in localStorage
 * and every navigation is checked against it at once (never a network wait, nothing needed when offline). The
 * list is asked for again in the background at most every few minutes, when the app comes back online, and when
 * this tab's admin changed it (the `adhd:redirect-rules-changed` event); a fresh list re-checks the current path.
 * An external target is a full page navigation, an internal one a router redirect that replaces the entry.
 * On the start path: keep it tiny.
 */
const STORAGE_KEY = 'redirect_rules';
const REFRESH_EVERY_MS = 5 * 60_000;
export const REDIRECT_RULES_CHANGED = 'adhd:redirect-rules-changed';
/** A loop of rules (A → B → A) stops after this many redirects in a row. */
const MAX_HOPS = 5;
const RESERVED = /^\/(?:api|admin|auth)(?:\/|$)/i;

type Rules = Record<string, string>;

let rules: Rules = read();
let fetchedAt = 0;
let inFlight: Promise<void> | null = null;
let hops = 0;
/** Paths of a rule loop: left alone for the rest of this page's life. */
const looping = new Set<string>();
const listeners = new Set<() => void>();

function read(): Rules {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Rules) : {};
  } catch {
    return {};
  }
}

function refresh(): void {
  if (inFlight || !navigator.onLine) return;
  fetchedAt = Date.now();
  inFlight = request<{ rules: { from: string; to: string }[] }>('/api/redirects', { auth: false, retries: 0 })
    .then(({ rules: list }) => {
      const next: Rules = {};
      for (const r of list) if (typeof r.from === 'string' && typeof r.to === 'string') next[r.from] = r.to;
      rules = next;
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        /* storage blocked: the copy in memory serves this page */
      }
      for (const l of [...listeners]) l();
    }, () => undefined)
    .finally(() => {
      inFlight = null;
    });
}

/** The target of a path, or null: exact match after trimming a trailing slash. */
export function redirectTarget(path: string, list: Rules = rules): string | null {
  const key = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (RESERVED.test(key) || looping.has(key) || !Object.hasOwn(list, key)) return null;
  const to = list[key]!;
  return to === key ? null : to;
}

/**
 * Called once by the router's guard: applies the rules to every location. Answers whether the current path is
 * being redirected (the guard then renders nothing instead of the path's own page or a sign-in redirect).
 */
export function useRedirectRules(): boolean {
  const [location, navigate] = useLocation();
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const changed = () => setVersion((v) => v + 1);
    const again = () => {
      fetchedAt = 0;
      refresh();
    };
    listeners.add(changed);
    window.addEventListener('online', again);
    window.addEventListener(REDIRECT_RULES_CHANGED, again);
    return () => {
      listeners.delete(changed);
      window.removeEventListener('online', again);
      window.removeEventListener(REDIRECT_RULES_CHANGED, again);
    };
  }, []);

  useEffect(() => {
    if (Date.now() - fetchedAt > REFRESH_EVERY_MS) refresh();
    const to = redirectTarget(location);
    if (!to) {
      hops = 0;
      return;
    }
    if (++hops > MAX_HOPS) {
      looping.add(location);
      setVersion((v) => v + 1);
      return;
    }
    if (to.startsWith('/')) navigate(to, { replace: true });
    else window.location.assign(to);
  }, [location, version, navigate]);

  return redirectTarget(location) !== null;
}
