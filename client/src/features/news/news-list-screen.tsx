import { Trans, useLingui } from '@lingui/react/macro';
import type { NewsItem, NewsLanguage } from '@adhd/shared/news/schema';
import { plainText, shorten } from '@adhd/shared/news/excerpt';
import { Link, Redirect, useParams } from 'wouter';
import { ErrorPage } from '../../components/error-page';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState, ListSkeleton } from '../../components/ui/screen';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { cachedList, fetchNewsList, isNewsLanguage, NEWS_LANGUAGES } from './api';
import { formatNewsDate, isFeatureOff, LoadFailed, NewsOff, useLoad } from './shared';

const EXCERPT_MAX = 220;

/** `/news`: the list in the UI language; `/news/en`, `/news/ru`: that language's list; another → 404. */
export function NewsListScreen() {
  const { lang } = useParams<{ lang?: string }>();
  const { i18n } = useLingui();
  if (lang === undefined) return <Redirect to={`/news/${isNewsLanguage(i18n.locale) ? i18n.locale : 'en'}`} replace />;
  if (!isNewsLanguage(lang)) return <ErrorPage status={404} />;
  return <NewsList lang={lang} />;
}

function NewsList({ lang }: { lang: NewsLanguage }) {
  const { t } = useLingui();
  const toggles = useFeatureToggles();
  const { data, error, loading, retry } = useLoad(() => fetchNewsList(lang), lang, cachedList(lang));
  if (!toggles.news || isFeatureOff(error)) return <NewsOff />;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="news-title" data-testid="news-list" data-lang={lang}>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="news-title" className="mr-auto text-2xl font-semibold">
          <Trans>News</Trans>
        </h1>
        <nav aria-label={t`News language`} className="flex gap-1 rounded-lg bg-surface-2 p-1">
          {NEWS_LANGUAGES.map((l) => (
            <Link
              key={l}
              href={`/news/${l}`}
              aria-current={l === lang ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center rounded-md px-3 text-sm font-medium sm:min-h-9',
                l === lang ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink',
                focusRing,
              )}
            >
              {l === 'en' ? 'English' : 'Русский'}
            </Link>
          ))}
        </nav>
      </header>
      {error && !data ? (
        <LoadFailed error={error} onRetry={retry} />
      ) : !data ? (
        loading && <ListSkeleton rowClassName="h-32" className="flex flex-col gap-3" />
      ) : data.length === 0 ? (
        <EmptyState title={<Trans>No news yet</Trans>} hint={<Trans>Updates about the app will appear here.</Trans>} />
      ) : (
        <>
          {error && <LoadFailed error={error} onRetry={retry} />}
          <ul className="flex flex-col gap-3">
            {data.map((item) => (
              <li key={item._id}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function NewsCard({ item }: { item: NewsItem }) {
  const { i18n } = useLingui();
  const href = `/news/${item.language}/${item.displayPath}`;
  const excerpt = shorten(plainText(item.content, 4000), EXCERPT_MAX);
  return (
    <article className="relative rounded-xl border border-line bg-surface p-4 transition-colors hover:bg-surface-2 sm:p-5" data-testid="news-card">
      <h2 className="text-lg font-semibold break-words">
        <Link href={href} className={cn('after:absolute after:inset-0 after:rounded-xl', focusRing)}>
          {item.title}
        </Link>
      </h2>
      {item.publishedAt && (
        <p className="mt-1 text-sm text-muted">
          <time dateTime={item.publishedAt}>{formatNewsDate(item.publishedAt, i18n.locale)}</time>
        </p>
      )}
      {excerpt && <p className="mt-2 line-clamp-3 text-[0.9375rem] break-words text-ink">{excerpt}</p>}
    </article>
  );
}
