import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { APP_NAME } from '../../lib/app-name';
import { Landing } from './landing';
import { SiteFooterLinks } from './site-footer';

/**
 * The landing page as static HTML (docs/public-site.md), rendered at build time by scripts/prerender-landing.mjs
 * for each language and served by the server at `/`: a first visit paints it with no app bundle, only
 * public/landing.js (the theme, the calls to action of a signed-in visitor, the feature toggles, the language).
 */
function StaticHeader({ locale }: { locale: 'en' | 'ru' }) {
  const { t } = useLingui();
  const lang = (code: 'en' | 'ru', label: string) => (
    <button
      type="button"
      data-locale={code}
      aria-pressed={locale === code}
      lang={code}
      className={`rounded-md px-2 py-1 text-sm ${locale === code ? 'bg-surface-2 font-semibold text-ink' : 'text-muted hover:bg-surface-2'}`}
    >
      {label}
    </button>
  );
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:gap-3">
        <a href="/" className="flex items-center gap-2 rounded-md font-semibold text-primary">
          <img src="/icons/icon-192.png" alt={APP_NAME} width={28} height={28} className="size-7 rounded-lg" />
          <span aria-hidden className="hidden sm:inline">
            {APP_NAME}
          </span>
        </a>
        <div className="flex-1" />
        <div role="group" aria-label={t`Language`} className="flex gap-1">
          {lang('en', 'EN')}
          {lang('ru', 'RU')}
        </div>
        <a href="/auth/login" data-when="out" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-contrast">
          <Trans>Sign in</Trans>
        </a>
        <a href="/dashboard" data-when="in" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-contrast">
          <Trans>Open your dashboard</Trans>
        </a>
      </div>
    </header>
  );
}

/** The body of `/` in `locale`, with the catalog `messages`. */
export function renderLandingBody(locale: 'en' | 'ru', messages: Messages): string {
  i18n.loadAndActivate({ locale, messages });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Router ssrPath="/">
        <div className="flex min-h-full flex-col">
          <StaticHeader locale={locale} />
          <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-6">
            <Landing session="prerendered" registration />
          </main>
          <SiteFooterLinks news feedback prerendered />
        </div>
      </Router>
    </I18nProvider>,
  );
}
