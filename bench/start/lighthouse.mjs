// Metrics 195/196 of bench/feature-start-client.mjs: Lighthouse (npm `lighthouse`, Node API) on a page of the app,
// mobile preset (Lighthouse's default config), driving Debian Chromium launched here with a remote debugging port
// (no chrome-launcher). The user's token is put in the profile's localStorage and the page synced once before the
// audit; Lighthouse keeps the storage (`disableStorageReset`), so it audits the signed-in screen with its data.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../browser.mjs';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForDevtools(port) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Performance and accessibility scores (0–100) of `base + pathname` signed in as `u`, with the figures behind them. */
export async function lighthouseScores(base, u, pathname, say) {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'adhd-bench-lh-'));
  const proc = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    await waitForDevtools(port);
    // Sign in and sync once in the same profile (localStorage and IndexedDB are what Lighthouse then finds).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(`${base}/about`);
    await page.evaluate(([token, user]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_user', user);
    }, [u.token, JSON.stringify(u.user)]);
    await page.goto(`${base}${pathname}`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 }).catch(() => undefined);
    await page.close();
    await cdp.close().catch(() => undefined);
    const result = await lighthouse(`${base}${pathname}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    const lhr = result.lhr;
    // BENCH_LH_SAVE=dir: keep the report (lhr.json) and the page's trace (trace.json, for Chrome DevTools or
    // bench/start/long-tasks.mjs) of the audit.
    if (process.env.BENCH_LH_SAVE) {
      const dir = path.resolve(process.env.BENCH_LH_SAVE);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'lhr.json'), JSON.stringify(lhr));
      const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
      if (trace) writeFileSync(path.join(dir, 'trace.json'), JSON.stringify(trace));
      say(`start (client): Lighthouse report and trace saved in ${dir}`);
    }
    const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
    const num = (id) => lhr.audits[id]?.numericValue ?? null;
    const failed = Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
      .map((a) => a.id);
    const extra = {
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
      failedA11yAudits: failed,
      runtimeError: lhr.runtimeError?.message ?? null,
    };
    const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);
    if (lhr.runtimeError) say(`start (client): Lighthouse runtime error: ${lhr.runtimeError.message}`);
    return {
      version: lhr.lighthouseVersion,
      performance: score('performance'),
      accessibility: score('accessibility'),
      extra,
      perfNote: `simulated: FCP ${ms(extra.fcpMs)}, LCP ${ms(extra.lcpMs)}, TBT ${ms(extra.tbtMs)}, CLS ${extra.cls?.toFixed(3) ?? '—'}, Speed Index ${ms(extra.speedIndexMs)}`,
      a11yNote: failed.length ? `failed audits: ${failed.join(', ')}` : 'no failed audit',
    };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r).once('error', r));
    // Chromium's helper processes may still be writing to the profile for a moment.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      /* a temporary folder left behind */
    }
  }
}
