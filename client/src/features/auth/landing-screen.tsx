import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../session/auth-store';
import { buttonClass } from '../../components/ui/button';
import { APP_NAME } from '../../lib/app-name';

function Feature({ color, title, children }: { color: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <span aria-hidden className="size-2.5 rounded-full" style={{ background: color }} />
        {title}
      </p>
      <p className="mt-1 text-sm text-muted">{children}</p>
    </li>
  );
}

/** The landing page (/): the product, what it does, and the way in. */
export function LandingScreen() {
  const { authenticated } = useAuth();
  return (
    <section className="mx-auto max-w-3xl py-6 sm:py-12">
      <div className="text-center">
        <img src="/icons/icon-192.png" alt="" className="mx-auto size-16 rounded-2xl" />
        <h1 className="mt-4 text-3xl font-bold text-ink sm:text-4xl">{APP_NAME}</h1>
        <p className="mt-1 text-lg font-medium text-primary">
          <Trans>ADHD Productivity SuperApp</Trans>
        </p>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          <Trans>
            One calm place for your tasks, habits, notes and calendar, made for the way ADHD brains work: less to keep in your
            head, fewer steps to get things done.
          </Trans>
        </p>
        <div className="mx-auto mt-6 flex max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          {authenticated ? (
            <Link href="/dashboard" className={buttonClass('primary', 'md', 'sm:px-8')}>
              <Trans>Open the app</Trans>
            </Link>
          ) : (
            <>
              <Link href="/auth/register" className={buttonClass('primary', 'md', 'sm:px-8')}>
                <Trans>Sign up</Trans>
              </Link>
              <Link href="/auth/login" className={buttonClass('secondary', 'md', 'sm:px-8')}>
                <Trans>Sign in</Trans>
              </Link>
            </>
          )}
        </div>
      </div>
      <ul className="mt-10 grid gap-3 sm:grid-cols-2">
        <Feature color="var(--color-section-tasks)" title={<Trans>Tasks</Trans>}>
          <Trans>Break big things into small steps, with priorities and gentle due dates.</Trans>
        </Feature>
        <Feature color="var(--color-section-habits)" title={<Trans>Habits</Trans>}>
          <Trans>Build routines day by day, and see your streaks grow.</Trans>
        </Feature>
        <Feature color="var(--color-section-notes)" title={<Trans>Notes</Trans>}>
          <Trans>Catch thoughts before they slip away, in folders you can find again.</Trans>
        </Feature>
        <Feature color="var(--color-section-events)" title={<Trans>Calendar</Trans>}>
          <Trans>See your day, your week and what is coming, all in one view.</Trans>
        </Feature>
      </ul>
      <p className="mt-6 text-center text-sm text-muted">
        <Trans>Works offline and saves every change the moment you make it. Your devices catch up by themselves when you are back online.</Trans>
      </p>
    </section>
  );
}
