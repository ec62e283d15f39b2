import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, type E2EServer } from './harness';
import { axeProblems, catalog, formatProblems, navigate, seedMutations, type A11yProblem } from './a11y-kit';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * Every screen and dialog through axe-core in Chromium: zero serious or critical violations, in light and dark,
 * en and ru, at 375 and 1280 px (8 combinations). A failure lists each rule with its help text, the failing
 * nodes' selectors and the screens (look and screen) where it was seen (a11y-kit.ts).
 *
 * CI time is tight, so: one browser and one server for the file; one signed-in page per language (the language
 * is chosen at start-up from its cookie), in which the theme (`emulateMedia`: the app follows the system theme)
 * and the width (`setViewportSize`) switch in place; screens are reached by client-side navigation, never a
 * reload. Every screen and dialog (about 30 per look) in all 8 looks would be some 240 axe runs, too long for
 * CI; so every screen and dialog runs in two opposite looks, 1280/light/en and 375/dark/ru, and the other six
 * get a lighter pass: each section's main screen with its data, and the task form (the shared form dialog).
 * The signed-out screens: all of them in those two looks, landing, sign in and register in the other six.
 * Data is seeded through the sync API first, so no list is empty.
 */

const PO = path.resolve(import.meta.dirname, '../../src/locales/ru/messages.po');

type Lang = 'en' | 'ru';
interface Look {
  dark: boolean;
  width: number;
  /** Every screen and dialog, or the main screens only (see the header). */
  full: boolean;
}
/** Per language, the four theme × width looks in the order the one page goes through them. */
const LOOKS: Record<Lang, Look[]> = {
  en: [
    { dark: false, width: 1280, full: true },
    { dark: false, width: 375, full: false },
    { dark: true, width: 1280, full: false },
    { dark: true, width: 375, full: false },
  ],
  ru: [
    { dark: true, width: 375, full: true },
    { dark: true, width: 1280, full: false },
    { dark: false, width: 375, full: false },
    { dark: false, width: 1280, full: false },
  ],
};
const lookName = (lang: Lang, look: Look) => `${look.width}/${look.dark ? 'dark' : 'light'}/${lang}`;

const utcToday = () => new Date().toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.parse(`${utcToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.runIf(hasChromium)('accessibility: axe-core over every screen and dialog', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };
  const ru = catalog(PO, readFileSync(PO, 'utf8'));
  const problems: A11yProblem[] = [];

  async function push(mutations: { name: string; args: Record<string, unknown> }[]) {
    const res = await fetch(`${server.url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: `a11y_seed_${Date.now()}`, schemaVersion: 1, mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) }),
    });
    const body = (await res.json()) as { results?: { status: string }[] };
    expect(res.status).toBe(200);
    expect(JSON.stringify(body)).not.toMatch(/"error"|"rejected"/);
  }

  async function seed() {
    await push(seedMutations(utcToday(), dayOffset));
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `a11y-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Ada', timezone: 'UTC', hasAcceptedTerms: true });
    await seed();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * A page in `lang`: the locale cookie is what the app reads at start-up, and a signed-in device follows the
   * account's language (settings reach every device), so the account is set to `lang` too.
   */
  async function contextIn(lang: Lang, signedIn: boolean): Promise<BrowserContext> {
    const options = { timezoneId: 'UTC', viewport: { width: 1280, height: 900 } };
    if (signedIn) {
      const res = await fetch(`${server.url}/api/user/preferences`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ locale: lang }),
      });
      expect(res.status).toBe(200);
    }
    const ctx = signedIn ? await signedInContext(browser, session, options) : await browser.newContext(options);
    await ctx.addCookies([{ name: 'locale', value: lang, url: server.url }]);
    return ctx;
  }

  async function look(page: Page, value: Look) {
    await page.setViewportSize({ width: value.width, height: value.width < 600 ? 800 : 900 });
    await page.emulateMedia({ colorScheme: value.dark ? 'dark' : 'light' });
  }

  /** The tour's helpers for one page in one language. */
  function tourOf(page: Page, lang: Lang) {
    const tr = (en: string) => (lang === 'en' ? en : (ru.get(en) ?? en));
    let prefix = '';
    return {
      tr,
      setPrefix(value: string) {
        prefix = value;
      },
      async check(screen: string) {
        problems.push(...(await axeProblems(page, `${prefix} ${screen}`)));
      },
      go: (to: string) => navigate(page, to),
      /** A button, tab or radio whose accessible name is `en` in the page's language. */
      control: (en: string, scope: Page | ReturnType<Page['locator']> = page) => {
        const name = tr(en);
        return scope.getByRole('button', { name, exact: true }).or(scope.getByRole('tab', { name, exact: true })).or(scope.getByRole('radio', { name, exact: true })).first();
      },
      dialog: (testId: string) => page.getByTestId(testId),
      async closeDialog(testId: string) {
        await page.keyboard.press('Escape');
        await page.getByTestId(testId).waitFor({ state: 'hidden' });
      },
    };
  }

  it('passes the signed-out screens in every combination', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const ctx = await contextIn(lang, false);
      const page = await ctx.newPage();
      const tour = tourOf(page, lang);
      // The app's sign-in page first: `/` on a first visit is the prerendered landing page, without the router
      // that the tour's client-side navigation needs (public-site.e2e.test.ts checks that page).
      await page.goto(`${server.url}/auth/login`);
      await page.locator('main h1').first().waitFor();
      for (const value of LOOKS[lang]) {
        await look(page, value);
        tour.setPrefix(lookName(lang, value));
        for (const [screen, to] of [
          ['landing', '/'],
          ['sign in', '/auth/login'],
          ['register', '/auth/register'],
          ['forgot password', '/auth/forgot-password'],
          ['reset password', '/auth/reset-password?token=abc'],
          ['verify', '/auth/verify?email=a%40example.com'],
          ['404', '/no-such-page'],
          ['about', '/about'],
          ['donate', '/donate'],
          ['privacy', '/privacy'],
          ['terms', '/terms'],
          ['debug', '/debug'],
          ['feedback', '/feedback'],
        ] as const) {
          if (!value.full && !['landing', 'sign in', 'register'].includes(screen)) continue;
          await tour.go(to);
          await tour.check(screen);
        }
      }
      await ctx.close();
    }
    expect(formatProblems(problems.splice(0))).toBe('');
  }, 300_000);

  for (const lang of ['en', 'ru'] as const) {
    it(`passes every signed-in screen and dialog in ${lang}, light and dark, 375 and 1280 px`, async () => {
      const ctx = await contextIn(lang, true);
      const page = await ctx.newPage();
      const tour = tourOf(page, lang);
      const { tr, control, dialog, closeDialog, go, check } = tour;
      /** The lighter pass: each section's main screen with its data, and the task form. */
      async function mainScreens() {
        for (const [screen, to, ready] of [
          ['dashboard', '/dashboard', 'main'],
          ['tasks list', '/tasks', '[data-task-row]'],
          ['habits list', '/habits', '[data-testid="habit-row"]'],
          ['notes list', '/notes', '[data-testid="note-card"]'],
          ['calendar month', '/calendar', '[data-testid="calendar-event"]'],
          ['inbox', '/inbox', '[data-testid="inbox-item"]'],
          ['tags', '/tags', '[data-testid="tag-row"]'],
          ['settings', '/auth/settings', 'main'],
        ] as const) {
          await go(to);
          await page.locator(ready).first().waitFor();
          await check(screen);
        }
        await go('/tasks');
        await control('New task').click();
        await dialog('task-form').waitFor();
        await check('task form');
        await closeDialog('task-form');
      }
      await page.goto(`${server.url}/tasks`);
      await page.getByText('Buy milk').first().waitFor({ timeout: 30_000 });

      for (const value of LOOKS[lang]) {
        await look(page, value);
        tour.setPrefix(lookName(lang, value));
        if (!value.full) {
          await mainScreens();
          continue;
        }

        await go('/dashboard');
        await check('dashboard');

        // Tasks: list, tree, the task form, the details, the confirm dialog.
        await go('/tasks');
        await page.locator('[data-task-row]').first().waitFor();
        await check('tasks list');
        await control('Tree').click();
        await page.getByText('Vacuum').first().waitFor();
        await check('tasks tree');
        await control('List').click();
        await control('New task').click();
        await dialog('task-form').waitFor();
        await check('task form');
        await closeDialog('task-form');
        await page.locator('[data-task-title]', { hasText: 'Buy milk' }).first().click();
        await dialog('task-details').waitFor();
        await check('task details');
        await control('Delete', dialog('task-details')).click();
        await page.getByRole('alertdialog').waitFor();
        await check('confirm dialog');
        await page.keyboard.press('Escape');
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        await closeDialog('task-details');

        // Habits: list with the strip, the form and its icon picker, the details with month and year.
        await go('/habits');
        await page.getByTestId('habit-row').first().waitFor();
        await check('habits list');
        await control('New habit').click();
        await dialog('habit-form').waitFor();
        await check('habit form');
        await dialog('habit-form').getByRole('button', { name: new RegExp(`^${tr('Icon: {0}').replace('{0}', '')}`) }).click();
        await dialog('icon-picker').waitFor();
        await page.getByTestId('icon-picker').locator('button svg').nth(3).waitFor();
        await check('icon picker');
        await closeDialog('icon-picker');
        await closeDialog('habit-form');
        await page.getByTestId('habit-row').filter({ hasText: 'Floss' }).getByRole('button', { name: 'Floss', exact: true }).click();
        await dialog('habit-details').waitFor();
        await control('Month', dialog('habit-details')).click();
        await check('habit details, month');
        await control('Year', dialog('habit-details')).click();
        await dialog('year-view').waitFor();
        await check('habit details, year');
        await closeDialog('habit-details');

        // Notes: list, editor (edit and preview), cheatsheet, folder dialog.
        await go('/notes');
        await page.getByTestId('note-card').first().waitFor();
        await check('notes list');
        await page.getByTestId('note-card').filter({ hasText: 'Meeting notes' }).first().click();
        await dialog('note-editor').waitFor();
        const edit = dialog('note-editor').getByRole('tab').first();
        await edit.click();
        await check('note editor, edit');
        await dialog('note-editor').getByRole('tab').nth(1).click();
        await dialog('note-preview').locator('h1, p').first().waitFor();
        await check('note editor, preview');
        await dialog('note-editor').getByRole('button', { name: tr('Markdown help') }).click();
        await dialog('markdown-cheatsheet').waitFor();
        await check('markdown cheatsheet');
        await closeDialog('markdown-cheatsheet');
        await closeDialog('note-editor');
        await page.getByRole('button', { name: tr('New folder') }).first().click();
        await dialog('folder-dialog').waitFor();
        await check('folder dialog');
        await closeDialog('folder-dialog');

        // Calendar: month, week, day; the event dialog (view, then edit).
        await go('/calendar');
        await page.getByTestId('calendar-toolbar').waitFor();
        for (const view of ['Month', 'Week', 'Day'] as const) {
          await control(view, page.getByTestId('calendar-toolbar')).click();
          await page.getByTestId('calendar-event').filter({ hasText: 'Dentist' }).first().waitFor();
          await check(`calendar ${view.toLowerCase()}`);
        }
        await page.getByTestId('calendar-event').filter({ hasText: 'Dentist' }).first().click();
        await dialog('event-view').waitFor();
        await check('event dialog, view');
        await control('Edit', dialog('event-view')).click();
        await dialog('event-form').waitFor();
        await check('event dialog, edit');
        await page.keyboard.press('Escape');
        await dialog('event-form').waitFor({ state: 'detached' });

        // Inbox: items, the capture dialog, the convert menu and dialog.
        await go('/inbox');
        await page.getByTestId('inbox-item').first().waitFor();
        await check('inbox');
        await page.locator('body').click({ position: { x: 2, y: 2 } });
        await page.keyboard.press('q');
        await dialog('capture').waitFor();
        await check('capture dialog');
        await closeDialog('capture');
        await page.getByTestId('inbox-item').filter({ hasText: 'Call mum' }).getByRole('button', { name: tr('Convert…') }).click();
        await page.getByRole('menu').waitFor();
        await check('convert menu');
        await page.getByRole('menuitem', { name: tr('Make a task') }).click();
        await dialog('task-form').waitFor();
        await check('convert dialog');
        await closeDialog('task-form');

        // Tags: list, tag dialog.
        await go('/tags');
        await page.getByTestId('tag-row').first().waitFor();
        await check('tags');
        await control('New tag').click();
        await page.getByRole('dialog').waitFor();
        await check('tag dialog');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        await go('/auth/settings');
        await check('settings');

        // The Ctrl+K palette with results.
        await page.keyboard.press('Control+k');
        await dialog('search-palette').waitFor();
        await page.keyboard.type('milk');
        await page.getByTestId('search-result').first().waitFor({ timeout: 20_000 });
        await check('search palette');
        await closeDialog('search-palette');

        await go('/no-such-page');
        await check('404 (signed in)');
      }
      await ctx.close();
      expect(formatProblems(problems.splice(0))).toBe('');
    }, 300_000);
  }
});
