export type Theme = 'light' | 'dark' | 'system';
export type FontSize = 'small' | 'medium' | 'large';

const THEME_KEY = 'theme';
const FONT_KEY = 'font_size';

/** Apply light, dark or the system's choice, and the font size, to <html>. Kept locally so the first paint is right. */
export function applyAppearance(theme: Theme = readTheme(), fontSize: FontSize = readFontSize()): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.remove('font-small', 'font-medium', 'font-large');
  root.classList.add(`font-${fontSize}`);
  try {
    localStorage.setItem(THEME_KEY, theme);
    localStorage.setItem(FONT_KEY, fontSize);
  } catch {
    /* storage unavailable */
  }
}

export function readTheme(): Theme {
  const v = safeGet(THEME_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function readFontSize(): FontSize {
  const v = safeGet(FONT_KEY);
  return v === 'small' || v === 'large' ? v : 'medium';
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function watchSystemTheme(): void {
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (readTheme() === 'system') applyAppearance();
  });
}
