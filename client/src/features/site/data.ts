import { useCallback, useEffect, useState } from 'react';
import type { DonateLink } from '@adhd/shared/site/donate-links';
import { request } from '../../lib/api';

/** The operator's donation links (GET /api/site/donate-links, public). */
export const fetchDonateLinks = () => request<{ links: DonateLink[] }>('/api/site/donate-links', { auth: false }).then((r) => r.links);

/** Saves the whole list (PUT /api/admin/site/donate-links, admins); answers the stored list. */
export const saveDonateLinks = (links: DonateLink[]) =>
  request<{ links: DonateLink[] }>('/api/admin/site/donate-links', { method: 'PUT', body: { links } }).then((r) => r.links);

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/** The donation links, loaded once per mount; `retry` asks again. */
export function useDonateLinks() {
  const [result, setResult] = useState<Loaded<DonateLink[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchDonateLinks().then(
      (value) => live && setResult({ state: 'ready', value }),
      (error: unknown) => live && setResult({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setResult({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { result, retry };
}
