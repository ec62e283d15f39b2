// The first contentful paint's floor on this machine (issue 17, metric 190): cold loads of a few variants of the
// start page, each served by the compiled server from its own copy of a client build (the assets shared), in a
// new page of one warm browser with the service worker blocked and the HTTP cache off, as metric 190 loads
// /tasks. The variants are alternated load by load. Not a metric: a tool to see what the first paint waits for.
//
//   node bench/start/floor.mjs                 # client/dist (or BENCH_CLIENT_DIST); FLOOR_LOADS (default 7)
//
// Variants: `app` (the build's index.html as is), `text` (one line of text, no style, no script), `text-generic`
// (the same line in `sans-serif`), `text-stack` (in the app's font stack), `no-early` (index.html without
// early.js), `no-css` (index.html without the stylesheet link: the inline shell rules only). The context has no
// session (early.js stops after the theme), so this is the shell without the signed-in navigation row.
import { mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultClientDist, launchChromium, startAppServer } from '../browser.mjs';
import { median } from '../lib.mjs';

const LOADS = Number(process.env.FLOOR_LOADS ?? 7);
const dist = defaultClientDist();
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const text = (style) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>ADHD SuperApp</title>${style ? `<style nonce="CSP_NONCE_PLACEHOLDER">body{font-family:${style}}</style>` : ''}</head><body><p>ADHD SuperApp</p></body></html>`;
const VARIANTS = {
  app: index,
  text: text(null),
  'text-generic': text('sans-serif'),
  'text-stack': text(STACK),
  'no-early': index.replace(/<script src="\/early\.js"[^>]*><\/script>/, ''),
  'no-css': index.replace(/<link rel="stylesheet"[^>]*>/, ''),
};
const only = process.env.FLOOR_VARIANTS?.split(',');

/** A folder serving `html` as index.html, everything else linked from `dist`. */
function variantDist(name, html) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `adhd-floor-${name}-`));
  for (const entry of readdirSync(dist)) if (entry !== 'index.html') symlinkSync(path.join(dist, entry), path.join(dir, entry));
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}

const names = Object.keys(VARIANTS).filter((n) => !only || only.includes(n));
const servers = {};
for (const name of names) servers[name] = await startAppServer(variantDist(name, VARIANTS[name]), `floor-${name}`);
const browser = await launchChromium();
const fcp = Object.fromEntries(names.map((n) => [n, []]));
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  for (let i = 0; i <= LOADS; i++) {
    for (const name of names) {
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto(`${servers[name].url}/tasks`, { waitUntil: 'commit' });
      const t = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 10_000 }).then((h) => h.jsonValue()).catch(() => NaN);
      if (i > 0) fcp[name].push(t);
      await page.close();
    }
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) await s.close();
}
for (const name of names) console.log(`${name.padEnd(13)} FCP median ${median(fcp[name]).toFixed(0)} ms; runs ${fcp[name].map((x) => x.toFixed(0)).join(', ')}`);
