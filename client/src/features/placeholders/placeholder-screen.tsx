import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A screen whose content arrives with a later issue: a friendly empty state, never a blank page. */
export function PlaceholderScreen({ title, color, children }: { title: string; color: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl text-center">
      <h1 className="mb-2 text-2xl font-semibold" style={{ color }}>
        {title}
      </h1>
      <div className="rounded-2xl border border-dashed border-line bg-surface-2 p-8 text-muted">
        {children ?? <Trans>Nothing here yet. This part of the app is on its way.</Trans>}
      </div>
    </section>
  );
}
