import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { fetchScreenshot } from '../data/admin-api';

/** A stored screenshot, loaded with the admin's token into an object URL; a click opens it full size. */
export function ScreenshotThumb({ id, n }: { id: string; n: number }) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    fetchScreenshot(id, n, abort.signal).then(
      (blob) => setUrl((made = URL.createObjectURL(blob))),
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setFailed(true);
      },
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, n]);
  const box = 'flex aspect-square w-24 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-2 sm:w-32';
  if (failed)
    return (
      <span className={`${box} p-2 text-center text-xs text-muted`}>
        <Trans>Could not load</Trans>
      </span>
    );
  if (!url) return <span className={box} aria-hidden="true" />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={box}>
      <img src={url} alt={t`Screenshot ${n + 1}`} className="size-full object-cover" />
    </a>
  );
}
