import type { ReactNode } from 'react';

/**
 * The frame of a public info page (/about, /donate, /privacy, /terms): the page's h1, an optional lead line, and
 * readable prose — lines of at most ~65 characters, spaced headings and lists — in the default layout.
 */
export function InfoPage({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-[65ch] pb-8 text-ink" aria-labelledby="info-title">
      <h1 id="info-title" className="text-3xl font-bold">
        {title}
      </h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
      <div className={PROSE}>{children}</div>
    </article>
  );
}

/** Typography for long texts without a plugin: headings, paragraphs, lists and links. */
export const PROSE =
  'mt-6 space-y-4 leading-relaxed [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold';

/** A titled part of an info page. */
export function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}
