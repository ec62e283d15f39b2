/**
 * The screen sizes, themes and languages every screenshot script takes (docs/screenshots/): a 375 px phone and a
 * 1280 px desktop, each in light and dark, English and Russian.
 */
export const SHOTS = [375, 1280].flatMap((width) =>
  ['light', 'dark'].flatMap((theme) =>
    ['en', 'ru'].map((locale) => ({ width, height: width === 375 ? 812 : 900, theme, locale })),
  ),
);
