import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { APP_NAME } from '../../lib/app-name';

/**
 * The landing page's content (/): the product, what it does, how it works offline, and the way in. Rendered by
 * the app for `/` (LandingScreen) and, at build time, to static HTML per language (prerender.tsx): then `session`
 * is 'prerendered' and both sets of calls to action are written, marked `data-when`, for public/landing.js to
 * show the right one; the registration call is marked `data-feature="registration"`.
 */
export type LandingSession = 'in' | 'out' | 'prerendered';

/** A screenshot in public/landing/ (300×450 WebP crops of docs/screenshots). */
export const LANDING_SHOTS = ['tasks', 'habits', 'notes', 'calendar', 'inbox', 'search'] as const;

/** `dot`: the section colour as a class (a style attribute would be refused by the CSP in the prerendered page). */
function Section({ dot, title, shot, alt, children }: { dot: string; title: ReactNode; shot: string; alt: string; children: ReactNode }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="p-4">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <span aria-hidden className={`size-2.5 rounded-full ${dot}`} />
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted">{children}</p>
      </div>
      <img src={`/landing/${shot}.webp`} alt={alt} width={300} height={450} loading="lazy" decoding="async" className="mx-auto mt-auto h-auto w-full max-w-[300px] border-t border-line" />
    </li>
  );
}

function Calls({ session, registration }: { session: LandingSession; registration: boolean }) {
  const out = session === 'out' || session === 'prerendered';
  const marks = (when: 'in' | 'out') => (session === 'prerendered' ? { 'data-when': when } : {});
  return (
    <div className="mx-auto mt-6 flex max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
      {(session === 'in' || session === 'prerendered') && (
        <Link href="/dashboard" className={buttonClass('primary', 'md', 'sm:px-8')} {...marks('in')}>
          <Trans>Open your dashboard</Trans>
        </Link>
      )}
      {out && registration && (
        <Link
          href="/auth/register"
          className={buttonClass('primary', 'md', 'sm:px-8')}
          {...marks('out')}
          {...(session === 'prerendered' ? { 'data-feature': 'registration' } : {})}
        >
          <Trans>Create a free account</Trans>
        </Link>
      )}
      {out && (
        <Link href="/auth/login" className={buttonClass('secondary', 'md', 'sm:px-8')} {...marks('out')}>
          <Trans>Sign in</Trans>
        </Link>
      )}
    </div>
  );
}

export function Landing({ session, registration }: { session: LandingSession; registration: boolean }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-5xl py-6 sm:py-12">
      <section className="text-center" aria-labelledby="landing-title">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} className="mx-auto size-16 rounded-2xl" />
        <h1 id="landing-title" className="mt-4 text-3xl font-bold text-ink sm:text-4xl">
          {APP_NAME}
        </h1>
        <p className="mt-1 text-lg font-medium text-primary">
          <Trans>ADHD Productivity SuperApp</Trans>
        </p>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          <Trans>
            One calm place for your tasks, habits, notes and calendar, made for the way ADHD brains work: less to keep in your
            head, fewer steps to get things done.
          </Trans>
        </p>
        <Calls session={session} registration={registration} />
      </section>

      <section className="mt-14" aria-labelledby="landing-what">
        <h2 id="landing-what" className="text-center text-2xl font-semibold text-ink">
          <Trans>What it does</Trans>
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Section dot="bg-[var(--color-section-tasks)]" title={<Trans>Tasks</Trans>} shot="tasks" alt={t`The task list on a phone`}>
            <Trans>Break big things into small steps, with priorities and gentle due dates.</Trans>
          </Section>
          <Section dot="bg-[var(--color-section-habits)]" title={<Trans>Habits</Trans>} shot="habits" alt={t`The habit list with streaks`}>
            <Trans>Build routines day by day, and see your streaks grow.</Trans>
          </Section>
          <Section dot="bg-[var(--color-section-notes)]" title={<Trans>Notes</Trans>} shot="notes" alt={t`Notes in folders`}>
            <Trans>Catch thoughts before they slip away, in folders you can find again.</Trans>
          </Section>
          <Section dot="bg-[var(--color-section-events)]" title={<Trans>Calendar</Trans>} shot="calendar" alt={t`A week in the calendar`}>
            <Trans>See your day, your week and what is coming, all in one view.</Trans>
          </Section>
          <Section dot="bg-[var(--color-section-inbox)]" title={<Trans>Inbox</Trans>} shot="inbox" alt={t`The inbox with captured thoughts`}>
            <Trans>Capture anything in a second, sort it out later into a task, note, habit or event.</Trans>
          </Section>
          <Section dot="bg-[var(--color-primary)]" title={<Trans>Search</Trans>} shot="search" alt={t`Search results across everything`}>
            <Trans>Find any task, note or event again by a word you remember.</Trans>
          </Section>
        </ul>
      </section>

      <section className="mx-auto mt-14 max-w-[65ch]" aria-labelledby="landing-offline">
        <h2 id="landing-offline" className="text-2xl font-semibold text-ink">
          <Trans>Works offline. Install it like an app.</Trans>
        </h2>
        <p className="mt-3 text-muted">
          <Trans>
            Every change is saved on your device the moment you make it, with or without a connection; your devices catch up
            by themselves when you are back online.
          </Trans>
        </p>
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-muted">
          <li>
            <Trans>iPhone and iPad: in Safari tap Share, then “Add to Home Screen”.</Trans>
          </li>
          <li>
            <Trans>Android: in Chrome open the menu ⋮ and choose “Install app”.</Trans>
          </li>
          <li>
            <Trans>Computer: click the install icon in the address bar of Chrome or Edge.</Trans>
          </li>
        </ul>
        <p className="mt-4 text-sm text-muted">
          <Trans>
            No ads, no trackers. <Link href="/about" className="text-primary underline">More about the app</Link> ·{' '}<Link href="/privacy" className="text-primary underline">What is stored</Link>
          </Trans>
        </p>
      </section>

      <section className="mt-14 rounded-2xl border border-line bg-surface p-6 text-center" aria-labelledby="landing-start">
        <h2 id="landing-start" className="text-xl font-semibold text-ink">
          <Trans>Ready to give your brain a break?</Trans>
        </h2>
        <Calls session={session} registration={registration} />
      </section>
    </div>
  );
}
