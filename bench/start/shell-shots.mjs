// Screenshots of the index.html shell before and after the stylesheet arrives (issue 17): the app's scripts are
// held back, the stylesheet is held until the first shot is taken. Prints whether the two shots are identical
// (the stylesheet must change nothing in the shell: no flash, no layout shift). A tool, not a metric.
//   node bench/start/shell-shots.mjs [outDir]      # client/dist (or BENCH_CLIENT_DIST)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultClientDist, launchChromium, startAppServer } from '../browser.mjs';

const out = process.argv[2] ?? '/tmp/shell-shots';
mkdirSync(out, { recursive: true });
const server = await startAppServer(defaultClientDist(), 'shots');
const browser = await launchChromium();
let differ = 0;
try {
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark']) {
      for (const session of [false, true]) {
        const ctx = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme, serviceWorkers: 'block' });
        if (session) {
          await ctx.addInitScript(() => {
            localStorage.setItem('auth_token', 'token');
            localStorage.setItem('auth_user', JSON.stringify({ _id: 'u1', email: 'a@example.com' }));
          });
        }
        await ctx.route('**/api/**', (r) => r.abort());
        await ctx.route('**/assets/*.js', (r) => r.abort());
        let release;
        const held = new Promise((resolve) => (release = resolve));
        await ctx.route('**/assets/*.css', async (r) => {
          await held;
          await r.continue();
        });
        const page = await ctx.newPage();
        await page.goto(`${server.url}/tasks`, { waitUntil: 'commit' });
        await page.waitForSelector('[data-app-shell] img');
        await page.waitForFunction(() => document.querySelector('[data-app-shell] img').complete);
        await page.waitForTimeout(300);
        const name = `${width}-${scheme}${session ? '-session' : ''}`;
        const before = await page.screenshot({ animations: 'disabled' });
        const sheets0 = await page.evaluate(() => document.styleSheets.length);
        release();
        await page.waitForFunction((n) => document.styleSheets.length > n && [...document.styleSheets].every((s) => { try { return s.cssRules.length >= 0; } catch { return false; } }), sheets0);
        await page.waitForTimeout(300);
        const after = await page.screenshot({ animations: 'disabled' });
        writeFileSync(path.join(out, `${name}-before.png`), before);
        writeFileSync(path.join(out, `${name}-after.png`), after);
        const same = before.equals(after);
        if (!same) differ++;
        console.log(`${name}: ${same ? 'identical' : 'DIFFERENT'} (before ${before.length} B, after ${after.length} B)`);
        await ctx.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exitCode = differ ? 1 : 0;
