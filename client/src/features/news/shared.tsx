import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api';
import { intlLocale } from '../../lib/dates';
import { messageForError } from '../../lib/messages';

/** A fetch the screen runs on mount and on `retry`; `initial` (a kept copy) shows while it runs. */
export function useLoad<T>(load: () => Promise<T>, key: string, initial?: T) {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown; loading: boolean }>(() => ({ key, data: initial, loading: true }));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // A new key (another language, another item) starts over from its own kept copy.
  if (state.key !== key) setState({ key, data: initial, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => live && setState({ key, data, loading: false }),
      (error: unknown) => live && setState((s) => ({ key, data: s.key === key ? s.data : undefined, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

export const isFeatureOff = (error: unknown) => error instanceof ApiError && error.status === 403 && error.code === 'FEATURE_DISABLED';
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The news toggle is off on this server (the public screens' whole content). */
export function NewsOff() {
  return (
    <section className="mx-auto max-w-3xl py-10 text-center" data-testid="news-off">
      <h1 className="text-2xl font-semibold">
        <Trans>News</Trans>
      </h1>
      <p className="mt-3 text-muted">
        <Trans>News is turned off on this server</Trans>
      </p>
    </section>
  );
}

/** A failed load: offline gets a calm word and a retry; anything else the generic message and a retry. */
export function LoadFailed({ error, onRetry, admin }: { error: unknown; onRetry(): void; admin?: boolean }) {
  const { t } = useLingui();
  const offline = error instanceof ApiError && error.isNetwork;
  return (
    <div className="flex flex-col items-start gap-3" data-testid="news-load-failed">
      <FormAlert tone={offline ? 'info' : 'error'} title={offline ? t`You are offline` : undefined}>
        {offline ? (
          admin ? (
            <Trans>Admin pages need the server. Try again when you are back online.</Trans>
          ) : (
            <Trans>News comes from the server. It will be here when you are back online.</Trans>
          )
        ) : (
          t(messageForError(error))
        )}
      </FormAlert>
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** A publication date in the reader's language: 'March 5, 2026' / '5 марта 2026 г.'. */
export function formatNewsDate(iso: string | null, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(date);
}
