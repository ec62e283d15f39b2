import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useFeatureToggles } from '../../lib/feature-toggles';

const linkClass = 'rounded px-1 py-0.5 hover:text-ink hover:underline';

/**
 * The public footer: About, News, Feedback, Donate, Privacy, Terms. News and Feedback only when their toggles
 * are on; in the prerendered landing every link is written with `data-feature`, and public/landing.js hides the
 * ones the server has turned off.
 */
export function SiteFooterLinks({ news, feedback, prerendered = false }: { news: boolean; feedback: boolean; prerendered?: boolean }) {
  const { t } = useLingui();
  const feature = (name: string) => (prerendered ? { 'data-feature': name } : {});
  return (
    <footer className="border-t border-line">
      <nav aria-label={t`Site links`} className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-4 gap-y-1 px-4 py-4 text-sm text-muted">
        <Link href="/about" className={linkClass}>
          <Trans>About</Trans>
        </Link>
        {news && (
          <Link href="/news" className={linkClass} {...feature('news')}>
            <Trans>News</Trans>
          </Link>
        )}
        {feedback && (
          <Link href="/feedback" className={linkClass} {...feature('feedback')}>
            <Trans>Feedback</Trans>
          </Link>
        )}
        <Link href="/donate" className={linkClass}>
          <Trans>Donate</Trans>
        </Link>
        <Link href="/privacy" className={linkClass}>
          <Trans>Privacy</Trans>
        </Link>
        <Link href="/terms" className={linkClass}>
          <Trans>Terms</Trans>
        </Link>
      </nav>
    </footer>
  );
}

/** The footer in the app's layout, following the feature toggles. */
export function PublicFooter() {
  const toggles = useFeatureToggles();
  return <SiteFooterLinks news={toggles.news} feedback={toggles.feedback} />;
}
