import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n';
import { activateEnglish } from '../../test/kit';
import { renderLandingBody } from './prerender';

/** Issue 18: the landing page prerendered per language (docs/public-site.md) — static, complete, both CTAs marked. */

afterAll(() => activateEnglish());

/** The attributes of each `<a>` of `html`, as records. */
const anchors = (html: string) =>
  [...html.matchAll(/<a ([^>]*)>/g)].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe('renderLandingBody', () => {
  it('writes the landing in English and Russian with both sets of calls marked for landing.js', async () => {
    // The catalogs as the app loads them (src/i18n.ts).
    await activateLocale('en');
    const en = renderLandingBody('en', i18n.messages);
    await activateLocale('ru');
    const ru = renderLandingBody('ru', i18n.messages);
    expect(en).toContain('Create a free account');
    expect(ru).toContain('Создать бесплатный аккаунт');
    expect(ru).toContain('Работает без сети');
    for (const html of [en, ru]) {
      expect(html).toContain('<h1');
      const links = anchors(html);
      const to = (href: string) => links.filter((a) => a.href === href);
      expect(to('/auth/login').length).toBeGreaterThan(0);
      expect(to('/auth/login').every((a) => a['data-when'] === 'out')).toBe(true);
      expect(to('/dashboard').every((a) => a['data-when'] === 'in')).toBe(true);
      expect(to('/auth/register').every((a) => a['data-when'] === 'out' && a['data-feature'] === 'registration')).toBe(true);
      expect(to('/news')[0]!['data-feature']).toBe('news');
      expect(to('/feedback')[0]!['data-feature']).toBe('feedback');
      expect(html).toMatch(/data-locale="ru"/);
      // Nothing the CSP would refuse: no inline script or style attribute.
      expect(html).not.toMatch(/<script|style="/);
    }
  });
});
