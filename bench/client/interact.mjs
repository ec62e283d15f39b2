// Metrics 8 (a task checkbox clicked → the next frame after it flipped) and 14 (quick-add on context A → the new
// title painted on context B) of the client suite, 10k tasks local.
import { signedInContext } from '../browser.mjs';
import { newId, percentile } from '../lib.mjs';
import { toggleOnce, watchTitle } from './pages.mjs';
import { CONVERGENCE_RUNS, LOCAL_TASKS, TOGGLES, say } from './settings.mjs';
import { waitForCount } from './sync.mjs';

async function openTasks(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}/tasks`);
  await page.waitForSelector('[data-task-row]', { timeout: 60_000 });
  return page;
}

/** Metric 8 in a /tasks page of `ctxA`; answers the figures and the page (metric 14 types in it). */
export async function toggles(ctxA, base) {
  const page = await openTasks(ctxA, base);
  await page.waitForTimeout(500);
  const times = [];
  const gaps = [];
  for (let i = 0; i < TOGGLES; i++) {
    const r = await page.evaluate(toggleOnce);
    times.push(r.ms);
    gaps.push(r.worstGapMs);
    await page.waitForTimeout(150);
  }
  const toggle = { times, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), gapP50: percentile(gaps, 50), gapP95: percentile(gaps, 95) };
  say(`toggle → next frame: p50 ${toggle.p50.toFixed(1)} ms, p95 ${toggle.p95.toFixed(1)} ms; longest frame gap within 500 ms after: p50 ${toggle.gapP50.toFixed(0)} ms, p95 ${toggle.gapP95.toFixed(0)} ms`);
  return { page, toggle };
}

/** Metric 14: Enter in the quick-add field of `page` (A) → the title painted in a new context B of user `mid`. */
export async function convergence(browser, page, base, mid, dbName) {
  const ctxB = await signedInContext(browser, mid);
  const pageB = await ctxB.newPage();
  await pageB.goto(`${base}/tasks`);
  await waitForCount(pageB, dbName, LOCAL_TASKS);
  await pageB.waitForSelector('[data-task-row]');
  await pageB.waitForTimeout(1000);
  const input = page.getByPlaceholder('Add a task…');
  await page.evaluate(() => {
    window.__enterAt = 0;
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') window.__enterAt = performance.timeOrigin + performance.now();
    }, true);
  });
  const conv = [];
  let failures = 0;
  for (let i = 0; i < CONVERGENCE_RUNS; i++) {
    const title = `Convergence probe ${i} ${newId().slice(-8)}`;
    await pageB.evaluate(watchTitle, title);
    await input.fill(title);
    await input.press('Enter');
    try {
      const seenAt = await pageB.evaluate(() => Promise.race([window.__seen, new Promise((r) => setTimeout(() => r(null), 5000))]));
      const enterAt = await page.evaluate(() => window.__enterAt);
      if (seenAt === null) failures++;
      else conv.push(seenAt - enterAt);
    } catch {
      failures++;
    }
    await page.waitForTimeout(100);
  }
  const result = { times: conv, failures, p50: percentile(conv, 50), p95: percentile(conv, 95), max: conv.length ? Math.max(...conv) : NaN };
  say(`convergence A → B: p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms${failures ? `, ${failures} not seen within 5 s` : ''}`);
  await ctxB.close();
  return result;
}
