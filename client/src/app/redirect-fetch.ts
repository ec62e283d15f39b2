import { request } from '../lib/api';
import { REDIRECT_RULES_KEY, type Rules } from './redirect-rules';

/** The public rule list from the server, kept in localStorage; null when it could not be had (kept list stays). */
export async function fetchRules(): Promise<Rules | null> {
  try {
    const { rules } = await request<{ rules: { from: string; to: string }[] }>('/api/redirects', { auth: false, retries: 0 });
    const next: Rules = {};
    for (const r of rules) if (typeof r.from === 'string' && typeof r.to === 'string') next[r.from] = r.to;
    try {
      localStorage.setItem(REDIRECT_RULES_KEY, JSON.stringify(next));
    } catch {
      /* storage blocked: the copy in memory serves this page */
    }
    return next;
  } catch {
    return null;
  }
}
