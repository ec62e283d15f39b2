// Temporary (not committed): one traced click from /habits to /dashboard, the main thread's top-level events summed.
import { writeFileSync } from 'node:fs';
import { launchChromium, signedInContext, startAppServer } from './browser.mjs';
import { seedUser } from './feature-dashboard-client.mjs';
const dist = process.env.BENCH_CLIENT_DIST;
const server = await startAppServer(dist, 'p5trace');
const browser = await launchChromium();
try {
  const u = await seedUser(server);
  const ctx = await signedInContext(browser, u, { timezoneId: 'UTC' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/dashboard`);
  await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 120_000 });
  await page.locator('a[href="/habits"]').first().click();
  await page.locator('[data-testid="habit-row"]').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(3000);
  const cdp = await ctx.newCDPSession(page);
  for (let i = 0; i < 3; i++) {
    await page.locator('a[href="/dashboard"]').last().click();
    await page.locator('[data-testid="dashboard"][data-ready]').waitFor();
    await page.waitForTimeout(500);
    await page.locator('a[href="/habits"]').first().click();
    await page.locator('[data-testid="habit-row"]').first().waitFor();
    await page.waitForTimeout(1500);
  }
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink.user_timing,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.evaluate(() => performance.mark('p5:before'));
  await page.locator('a[href="/dashboard"]').last().click();
  await page.locator('[data-testid="dashboard"][data-ready]').waitFor();
  await page.waitForTimeout(800);
  await cdp.send('Tracing.end');
  await done;
  writeFileSync('/tmp/p5/trace.json', JSON.stringify(events));
  // main thread: the renderer's CrRendererMain
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'EventDispatch'));
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const click = mine.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const t0 = click.ts;
  const top = mine.filter((e) => e.ts >= t0 - 1000 && e.ts < t0 + 700_000 && ['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)).sort((a, b) => a.ts - b.ts);
  for (const task of top) {
    if (task.dur < 2000) continue;
    const inner = mine.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && e.dur > 1000 && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name));
    const sums = new Map();
    for (const e of inner) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
    console.log(`+${((task.ts - t0) / 1000).toFixed(1)} ms task ${(task.dur / 1000).toFixed(1)} ms:`, [...sums].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', '));
  }
  const marks = events.filter((e) => e.pid === main.pid && (e.name === 'dashboard:ready' || e.cat?.includes('user_timing'))).map((e) => `${e.name}@${((e.ts - t0) / 1000).toFixed(1)}`);
  console.log('marks', marks.slice(0, 10).join(' '));
} finally {
  await browser.close();
  await server.close();
}
