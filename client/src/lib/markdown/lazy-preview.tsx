import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { MarkdownPreviewProps } from './markdown-preview';

/** The markdown pipeline is its own chunk, loaded when a preview is first shown (the initial JS budget). */
type PreviewModule = typeof import('./markdown-preview');
/** The loaded module, once it is: then the preview renders at once, without a Suspense round trip. */
let loaded: PreviewModule | null = null;
const load = () =>
  import('./markdown-preview').then((m) => {
    loaded = m;
    return m;
  });
const Preview = lazy(() => load().then((m) => ({ default: m.MarkdownPreview })));

/**
 * Load the markdown chunk and run the pipeline once on a small sample while the browser is idle, so the
 * first preview a user opens neither waits for the chunk nor pays the first-run cost of the parser.
 */
export function preloadMarkdown(): () => void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  let cancelled = false;
  const run = () => void load().then((m) => !cancelled && m.warmUp());
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: 2000 });
    return () => {
      cancelled = true;
      w.cancelIdleCallback?.(id);
    };
  }
  const id = setTimeout(run, 200);
  return () => {
    cancelled = true;
    clearTimeout(id);
  };
}

export function LazyMarkdownPreview(props: MarkdownPreviewProps) {
  if (loaded) return <loaded.MarkdownPreview {...props} />;
  return (
    <Suspense
      fallback={
        <p className="text-sm text-muted">
          <Trans>Loading preview…</Trans>
        </p>
      }
    >
      <Preview {...props} />
    </Suspense>
  );
}

/** With markdown off the preview is the plain text, line breaks kept (SPEC section 5). */
export function PlainPreview({ source }: { source: string }) {
  return (
    <div data-testid="plain-preview" className="whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed">
      {source}
    </div>
  );
}
