import { useSyncExternalStore } from 'react';
import { DEFAULT_FEATURE_TOGGLES, FEATURE_TOGGLES, type FeatureToggles } from '@adhd/shared/site/feature-toggles';
import { request } from './api';

/**
 * The server's feature toggles (CONTRACT.md "public config"), for hiding what an admin switched off. Answers at
 * once from the last copy kept in localStorage (all on before the first answer; offline keeps the last copy) and
 * asks the server again on first use, when the app comes back online and after `refreshFeatureToggles()`.
 */
const STORAGE_KEY = 'feature_toggles';

let current: FeatureToggles = read();
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
let fetched = false;

function read(): FeatureToggles {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<FeatureToggles>;
    return clean(stored);
  } catch {
    return { ...DEFAULT_FEATURE_TOGGLES };
  }
}

function clean(value: Partial<FeatureToggles> | null | undefined): FeatureToggles {
  const out = { ...DEFAULT_FEATURE_TOGGLES };
  for (const name of FEATURE_TOGGLES) if (typeof value?.[name] === 'boolean') out[name] = value[name];
  return out;
}

/** Replace the known toggles (an admin's save answers the whole object) and tell every screen. */
export function setFeatureToggles(value: Partial<FeatureToggles>): void {
  const next = clean(value);
  if (FEATURE_TOGGLES.every((n) => next[n] === current[n])) return;
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    /* storage full or blocked: the copy in memory still serves this page */
  }
  for (const l of [...listeners]) l();
}

/** Ask the server for the toggles; failures keep the last copy. */
export function refreshFeatureToggles(): Promise<void> {
  inFlight ??= request<FeatureToggles>('/api/feature-toggles', { auth: false })
    .then(setFeatureToggles, () => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!fetched) {
    fetched = true;
    void refreshFeatureToggles();
    window.addEventListener('online', () => void refreshFeatureToggles());
  }
  return () => listeners.delete(listener);
}

export const featureToggles = (): FeatureToggles => current;

/** The toggles, re-rendering when they change. */
export function useFeatureToggles(): FeatureToggles {
  return useSyncExternalStore(subscribe, featureToggles, featureToggles);
}
