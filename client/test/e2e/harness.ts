import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, type BuildOptions } from '../../../server/src/app';
import { loadConfig, type AppConfig } from '../../../server/src/config';

/** Browser end-to-end harness: the built PWA served by the real server on 127.0.0.1, driven by Debian Chromium. */

const clientDir = path.resolve(import.meta.dirname, '../..');
// E2E_DIST lets parallel runs (several people or agents on one checkout) build into their own folder.
const dist = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.join(clientDir, 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Build the client when dist/ is missing or older than its sources (as `npm start` does). */
export function ensureClientBuild(): void {
  const sources = [path.join(clientDir, 'src'), path.join(clientDir, 'public'), path.join(clientDir, 'vite-plugins'), path.resolve(clientDir, '../shared/src')];
  const built = existsSync(path.join(dist, 'index.html')) ? statSync(path.join(dist, 'index.html')).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestMtime), statSync(path.join(clientDir, 'index.html')).mtimeMs, statSync(path.join(clientDir, 'vite.config.ts')).mtimeMs);
  if (built > newest) return;
  // Vitest sets NODE_ENV=test, which would give a development build without the service worker.
  execFileSync(path.resolve(clientDir, '../node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: clientDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The prerendered landing page (/), as `npm run build` writes it (docs/public-site.md).
  execFileSync(process.execPath, [path.join(clientDir, 'scripts/prerender-landing.mjs'), dist], { cwd: clientDir, stdio: 'inherit' });
}

export interface E2EServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The real server on the built client; `overrides` and `options` change its config (e.g. the Telegram bot's). */
export async function startServer(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<E2EServer> {
  ensureClientBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-e2e-'));
  const config = loadConfig({}, { dataDir, logLevel: 'silent', clientDist: dist, ...overrides });
  const app = await buildApp(config, { logger: false, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = existsSync('/usr/bin/chromium');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Collects page errors, console errors and CSP violations of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  return problems;
}

/** Waits until the service worker controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

/** The 6-digit code of the newest mail to `email` in DATA_DIR/mail (the no-SMTP outbox). */
export function readLastCode(dataDir: string, email: string): string | null {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files) {
    const raw = readFileSync(path.join(dir, f), 'utf8');
    if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
    const decoded = raw.replace(/=\r?\n/g, '');
    const m = /\b(\d{6})\b/.exec(decoded.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (m) return m[1]!;
  }
  return null;
}

/** Everything a signed-out browser still holds for the app's origin. */
export async function storedState(context: BrowserContext, page: Page) {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    localStorage: Object.keys(localStorage),
  }));
}

/**
 * A browser context already signed in as `session` (the token and user put in localStorage before the app runs,
 * as a sign-in leaves them), at 1280×900 by default.
 */
export async function signedInContext(
  browser: Browser,
  session: { token: string; user: unknown },
  options: { timezoneId?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await ctx.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('auth_token')) {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('auth_user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return ctx;
}
