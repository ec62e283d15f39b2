import { Trans, useLingui } from '@lingui/react/macro';
import { mdiArrowLeft } from '@mdi/js';
import type { NewsItem } from '@adhd/shared/news/schema';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { ErrorPage } from '../../components/error-page';
import { cn, focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { APP_NAME } from '../../lib/app-name';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { LazyMarkdownPreview } from '../../lib/markdown/lazy-preview';
import { cachedItem, fetchNewsItem, isNewsLanguage } from './api';
import { formatNewsDate, isFeatureOff, isNotFound, LoadFailed, NewsOff, useLoad } from './shared';

/** `/news/{lang}/{displayPath}`: one published item; an unknown language or path is the 404 page. */
export function NewsItemScreen() {
  const { lang, displayPath } = useParams<{ lang: string; displayPath: string }>();
  if (!isNewsLanguage(lang) || !/^[a-z0-9-]{1,120}$/.test(displayPath)) return <ErrorPage status={404} />;
  return <NewsItemLoader lang={lang} displayPath={displayPath} />;
}

function NewsItemLoader({ lang, displayPath }: { lang: 'en' | 'ru'; displayPath: string }) {
  const toggles = useFeatureToggles();
  const { data, error, retry } = useLoad(() => fetchNewsItem(lang, displayPath), `${lang}/${displayPath}`, cachedItem(lang, displayPath));
  useItemTitle(data?.title);
  if (!toggles.news || isFeatureOff(error)) return <NewsOff />;
  if (isNotFound(error)) return <ErrorPage status={404} />;
  if (!data) return error ? <LoadFailed error={error} onRetry={retry} /> : null;
  return <NewsArticle item={data} />;
}

/**
 * The page title is the item's title. The route sets 'News' in an effect of its wrapper, which runs after this
 * screen's effects on the first render; the title is set a tick later so the item's title stays.
 */
function useItemTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = `${title} · ${APP_NAME}`;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}

function NewsArticle({ item }: { item: NewsItem }) {
  const { i18n } = useLingui();
  const date = item.publishedAt && <time dateTime={item.publishedAt}>{formatNewsDate(item.publishedAt, i18n.locale)}</time>;
  const body = <LazyMarkdownPreview source={item.content} />;
  if (item.customLayout) {
    // Full width, no card and no back bar: the item is its own page (a release page, an announcement).
    return (
      <article className="w-full" lang={item.language} data-testid="news-item" data-layout="custom" aria-labelledby="news-item-title">
        <h1 id="news-item-title" className="text-3xl font-bold break-words sm:text-4xl">
          {item.title}
        </h1>
        {date && <p className="mt-2 text-sm text-muted">{date}</p>}
        <div className="mt-6">{body}</div>
      </article>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3" data-testid="news-item" data-layout="card">
      <Link
        href={`/news/${item.language}`}
        className={cn('inline-flex min-h-11 w-fit items-center gap-1 rounded-lg px-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink', focusRing)}
      >
        <Icon path={mdiArrowLeft} size={18} />
        <Trans>All news</Trans>
      </Link>
      <article className="rounded-xl border border-line bg-surface p-4 sm:p-6" lang={item.language} aria-labelledby="news-item-title">
        <h1 id="news-item-title" className="text-2xl font-bold break-words">
          {item.title}
        </h1>
        {date && <p className="mt-1 text-sm text-muted">{date}</p>}
        <div className="mt-4">{body}</div>
      </article>
    </div>
  );
}
