import { request } from '../lib/api';

type Rules = Record<string, string>;

/**
 * The public rule list from the server, kept in localStorage under `storageKey`; null when it could not be had
 * (the kept list stays).
 */
export async function fetchRules(storageKey: string): Promise<Rules | null> {
  try {
    const { rules } = await request<{ rules: { from: string; to: string }[] }>('/api/redirects', { auth: false, retries: 0 });
    const next: Rules = {};
    for (const r of rules) if (typeof r.from === 'string' && typeof r.to === 'string') next[r.from] = r.to;
    try {
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      /* storage blocked: the copy in memory serves this page */
    }
    return next;
  } catch {
    return null;
  }
}
