import { useEffect } from 'react';
import { APP_NAME } from './app-name';

/** Sets the document title to "<title> · ADHD SuperApp" (the landing page passes null for the tagline). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} — ADHD Productivity SuperApp`;
  }, [title]);
}
