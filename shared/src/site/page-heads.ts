import type { PageMeta } from './page-meta.js';
import { trimTrailing } from '../text.js';

/**
 * The heads of the public pages (issue 18): what the server writes into the served HTML's `<title>`,
 * description and Open Graph tags, per language. The titles are the ones the client sets
 * (`client/src/app/page-title.ts`: "<screen title> · ADHD SuperApp", the landing "ADHD SuperApp — ADHD
 * Productivity SuperApp"), with the screen titles as the client's catalogs translate them, so nothing changes
 * when the app takes over. Edit the texts here (docs/public-site.md).
 */
export const SITE_NAME = 'ADHD SuperApp';
export const SITE_TAGLINE = 'ADHD Productivity SuperApp';

export type SiteLocale = 'en' | 'ru';

/** "<title> · ADHD SuperApp", or the landing's title for null (as the client's usePageTitle). */
export function pageTitle(title: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — ${SITE_TAGLINE}`;
}

interface Head {
  /** The screen's title (null: the landing). */
  title: string | null;
  description: string;
}

const HEADS: Record<string, Record<SiteLocale, Head>> = {
  '/': {
    en: {
      title: null,
      description: 'Tasks, habits, notes and calendar in one calm app that works offline — built for ADHD brains.',
    },
    ru: {
      title: null,
      description: 'Задачи, привычки, заметки и календарь в одном спокойном приложении, которое работает без сети, — для мозга с СДВГ.',
    },
  },
  '/about': {
    en: { title: 'About', description: 'What ADHD SuperApp is, who it is for, and how to install it on your phone or computer.' },
    ru: { title: 'О приложении', description: 'Что такое ADHD SuperApp, для кого оно и как установить его на телефон или компьютер.' },
  },
  '/donate': {
    en: { title: 'Donate', description: 'Support the people who run this server.' },
    ru: { title: 'Поддержать', description: 'Поддержите тех, кто держит этот сервер.' },
  },
  '/privacy': {
    en: { title: 'Privacy', description: 'What this server stores about you, why, and how to export or delete it. No trackers, no third-party analytics.' },
    ru: { title: 'Конфиденциальность', description: 'Что этот сервер хранит о вас, зачем, и как это выгрузить или удалить. Без трекеров и сторонней аналитики.' },
  },
  '/terms': {
    en: { title: 'Terms', description: 'Plain-language terms of use for this server.' },
    ru: { title: 'Условия', description: 'Условия использования этого сервера простыми словами.' },
  },
  '/feedback': {
    en: { title: 'Feedback', description: 'Report a bug, ask for a feature or suggest an improvement.' },
    ru: { title: 'Обратная связь', description: 'Сообщите об ошибке, попросите новую функцию или предложите улучшение.' },
  },
  '/news': {
    en: { title: 'News', description: 'What is new in ADHD SuperApp.' },
    ru: { title: 'Новости', description: 'Что нового в ADHD SuperApp.' },
  },
};

/** The page whose head a path shows: `/news/en` and `/news/ru` are the news list in that language. */
function pageOf(path: string): { key: string; locale?: SiteLocale } | null {
  const clean = path.length > 1 ? trimTrailing(path, '/') || '/' : path;
  const news = /^\/news\/(en|ru)$/.exec(clean);
  if (news) return { key: '/news', locale: news[1] as SiteLocale };
  return Object.hasOwn(HEADS, clean) ? { key: clean } : null;
}

/** The head of a static public page in `locale` (a news list path brings its own language); null for others. */
export function staticPageMeta(path: string, locale: SiteLocale): Required<PageMeta> | null {
  const page = pageOf(path);
  if (!page) return null;
  const lang = page.locale ?? locale;
  const head = HEADS[page.key]![lang];
  return { title: pageTitle(head.title), description: head.description, type: 'website', locale: lang };
}

/** The paths with a head of their own in the table (tests, the browser sweep). */
export const STATIC_PAGE_PATHS = [...Object.keys(HEADS), '/news/en', '/news/ru'];
