import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { MarkdownPreviewProps } from './markdown-preview';

/** The markdown pipeline is its own chunk, loaded when a preview is first shown (the initial JS budget). */
const Preview = lazy(() => import('./markdown-preview').then((m) => ({ default: m.MarkdownPreview })));

export function LazyMarkdownPreview(props: MarkdownPreviewProps) {
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
    <div data-testid="plain-preview" className="whitespace-pre-wrap break-words text-[15px] leading-relaxed">
      {source}
    </div>
  );
}
