import { useEffect } from 'react';

export const APP_NAME = 'ADHD SuperApp';

/** Sets the document title to "<title> · ADHD SuperApp" (the landing page passes null for the tagline). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} — ADHD Productivity SuperApp`;
  }, [title]);
}
