import { i18n } from '@lingui/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { syncState } from '../db/sync-state';
import { flash } from './flash';
import { genericMessages } from './messages';

/**
 * How long a missing item may take to show up after the first sync ended before the link is given up: the
 * last pulled page reaches the screens' live tables a moment after the engine reports `synced`.
 */
export const OPEN_BY_ID_SETTLE_MS = 300;

const firstSyncDone = () => syncState.get().lastSyncedAt !== null;

/**
 * `?id=` links (SPEC section 8, global response handling: 403 or 404 goes to /dashboard). The screens open the
 * item from the local database; `found` says whether it is there: undefined while the local read has not
 * answered, then true or false. When it is false once this session's first sync has finished (so a fresh
 * device or a just-created item on another device does not bounce a valid link), the user goes to /dashboard
 * with a 'Not found' toast. An item that was found and then went away (deleted while open) is no bounce: the
 * screen just closes it.
 */
export function useOpenById(id: string | null, found: boolean | undefined): void {
  const [, navigate] = useLocation();
  const synced = useSyncExternalStore(syncState.subscribe, firstSyncDone);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (id && found) seen.current = id;
    if (!id || found !== false || !synced || seen.current === id) return;
    const timer = setTimeout(() => {
      flash(i18n._(genericMessages.notFound));
      navigate('/dashboard', { replace: true });
    }, OPEN_BY_ID_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [id, found, synced, navigate]);
}
