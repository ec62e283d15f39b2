// What every browser bench shares (bench/client.mjs and the bench/feature-*-client.mjs benches): headless Debian
// Chromium through playwright-core, the built PWA, the compiled server (server/dist) serving it on 127.0.0.1,
// users registered over HTTP, and browser contexts that open signed in.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registerOverHttp } from '../server/test/register-over-http.mjs';
import { newId } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'client');
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Headless Chromium (playwright-core is imported here, so a machine without it fails only when a browser bench runs). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * `vite build` (NODE_ENV=production) of the client into `outDir` when its index.html is missing or older than
 * the client's and shared's sources (a stale build measures old code). Answers `outDir`.
 */
export function buildClient(outDir, say) {
  const index = path.join(outDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(clientDir, 'src')),
    newestMtime(path.join(clientDir, 'public')),
    newestMtime(path.join(clientDir, 'vite-plugins')),
    newestMtime(path.join(root, 'shared', 'src')),
    statSync(path.join(clientDir, 'index.html')).mtimeMs,
    statSync(path.join(clientDir, 'vite.config.ts')).mtimeMs,
  );
  if (built > sources) return outDir;
  const where = path.relative(root, outDir).startsWith('..') ? outDir : path.relative(root, outDir);
  say(built ? `${where} is older than its sources: vite build…` : `${where} missing: vite build…`);
  execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: clientDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The prerendered landing page (/), as `npm run build` writes it (docs/public-site.md).
  execFileSync(process.execPath, [path.join(clientDir, 'scripts', 'prerender-landing.mjs'), outDir], { cwd: clientDir, stdio: 'inherit' });
  return outDir;
}

/** client/dist, or the folder BENCH_CLIENT_DIST names. */
export const defaultClientDist = () => (process.env.BENCH_CLIENT_DIST ? path.resolve(process.env.BENCH_CLIENT_DIST) : path.join(clientDir, 'dist'));

/**
 * The compiled app serving `dist` on 127.0.0.1 (random port), on a temporary data folder, logs silent, with the
 * credential rate limits and the per-user write rate raised (seeding pushes thousands of mutations at once).
 */
export async function startAppServer(dist, name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `adhd-bench-${name}-`));
  const { buildApp } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'app.js')).href);
  const { loadConfig } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'config.js')).href);
  const HIGH = 1_000_000;
  const config = loadConfig(
    {},
    {
      dataDir,
      logLevel: 'silent',
      clientDist: dist,
      rateLimits: { failedLoginsPerAccountHour: HIGH, failedLoginsPerIp10m: HIGH, codeSendsPerIp10m: HIGH, codeChecksPerIp10m: HIGH, authRequestsPerIpMinute: HIGH },
    },
  );
  const app = await buildApp(config, { logger: false, syncLimits: { writeBurst: HIGH * HIGH, writesPerMinute: HIGH * HIGH } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    dataDir,
    async close() {
      await app.close();
      if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new user registered over HTTP as the client does it (`{ user, token }`); `extra` adds register fields. */
export function registerBenchUser(server, emailPrefix, extra = {}) {
  const account = { email: `${emailPrefix}-${newId()}@example.com`, password: 'bench-password-1234', name: 'Bench User', hasAcceptedTerms: true, ...extra };
  return registerOverHttp(server.url, server.dataDir, account);
}

/** A context (1280 × 900 unless `opts` says otherwise) whose pages open signed in as `u`. */
export async function signedInContext(browser, u, opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  await context.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('auth_token')) {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('auth_user', user);
      }
    },
    [u.token, JSON.stringify(u.user)],
  );
  return context;
}

/** A CPU profile of `page`, sampled every `intervalUs` µs; `save(file)` stops it and writes it for Chrome DevTools. */
export async function cpuProfile(context, page, intervalUs) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return {
    async save(file) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}
