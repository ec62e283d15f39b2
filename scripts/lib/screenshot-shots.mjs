/**
 * The screen sizes, themes and languages every screenshot script takes (docs/screenshots/): a 375 px phone and a
 * 1280 px desktop, each in light and dark, English and Russian.
 */
export const SHOTS = [375, 1280].flatMap((width) =>
  ['light', 'dark'].flatMap((theme) =>
    ['en', 'ru'].map((locale) => ({ width, height: width === 375 ? 812 : 900, theme, locale })),
  ),
);

/**
 * The account's preferences (language, theme, text size): a signed-in page follows the account's at its session
 * check (settings reach every device), so a shot in Russian sets the account's language, not only the cookie.
 */
export async function setAccountPreferences(url, token, prefs) {
  const res = await fetch(`${url}/api/user/preferences`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(prefs),
  });
  if (!res.ok) throw new Error(`PATCH /api/user/preferences: ${res.status}`);
}
