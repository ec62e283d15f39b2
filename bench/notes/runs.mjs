// Notes benches 120, 121, 122 and 124 (bench/feature-notes-client.mjs): the notes screen and the markdown preview
// of the 100 KB note, each timed in the page from a click to the first frame that shows the result.
import { bigNote } from './typing.mjs';

export const RUNS = 7;

/** Page-side: from now on, the longest main-thread task (`__longest`) and every long task (`__tasks`). */
function watchLongTasks() {
  window.__longest = 0;
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longest = Math.max(window.__longest, e.duration);
      window.__tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }
  }).observe({ type: 'longtask' });
}

/** Page-side: clicks `clickSelector`; resolves with ms from the click to the first frame where each selector matches. */
function timeToSelectors([selectors, clickSelector]) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const times = selectors.map(() => null);
    let pending = selectors.length;
    const check = () => {
      selectors.forEach((sel, i) => {
        if (times[i] !== null || !document.querySelector(sel)) return;
        times[i] = -1;
        requestAnimationFrame(() => {
          times[i] = performance.now() - t0;
          if (--pending === 0) resolve(times);
        });
      });
      if (times.every((x) => x !== null)) mo.disconnect();
    };
    const mo = new MutationObserver(check);
    mo.observe(document.body, { childList: true, subtree: true, attributes: true });
    const target = document.querySelector(clickSelector);
    // Radix tabs switch on mousedown; buttons act on click: send both, as a real click does.
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    target.click();
    check();
  });
}

/** Opens /notes in `page` and waits until its cards and the folder count of all `count` notes are shown. */
async function openNotes(page, base, count) {
  await page.goto(`${base}/notes`);
  await page.locator('[data-testid="note-card"]').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction((n) => document.querySelector('nav[aria-label="Folders"]')?.textContent?.includes(String(n)), count, { timeout: 60_000 });
}

/** Metric 122: /dashboard → click 'Notes' → first frame with note cards; the chunk and the data are warm. */
export async function screenRender(context, base, count) {
  const page = await context.newPage();
  await openNotes(page, base, count);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${base}/dashboard`);
    await page.waitForTimeout(300);
    times.push((await page.evaluate(timeToSelectors, [['[data-testid="note-card"]'], 'a[href="/notes"]']))[0]);
  }
  await page.close();
  return times;
}

/** Metrics 120/121: card click → first rendered markdown, → all blocks, and the longest task meanwhile. */
export async function previewRuns(context, base, count) {
  const page = await context.newPage();
  const first = [];
  const dialog = [];
  const complete = [];
  const longest = [];
  for (let i = 0; i < RUNS; i++) {
    await openNotes(page, base, count);
    await page.waitForTimeout(300);
    await page.evaluate(watchLongTasks);
    const [dialogMs, ms, doneMs] = await page.evaluate(timeToSelectors, [
      ['[data-testid="note-editor"]', '[data-testid="markdown-preview"] > *', '[data-testid="markdown-preview"][data-complete="true"]'],
      '[data-testid="note-card"] h3 button',
    ]);
    first.push(ms);
    dialog.push(dialogMs);
    complete.push(doneMs);
    await page.locator('[data-testid="markdown-preview"][data-complete="true"]').waitFor({ timeout: 60_000 });
    longest.push(await page.evaluate(() => window.__longest));
    if (process.env.BENCH_VERBOSE === '1') console.log('long tasks [start, ms]:', JSON.stringify(await page.evaluate(() => window.__tasks)), 'click at', await page.evaluate(() => Math.round(performance.now())));
  }
  await page.close();
  return { first, dialog, complete, longest };
}

/** Metrics 120/121: in a new note holding the 100 KB text, click on the Preview tab → first rendered markdown. */
export async function previewTabRuns(context, base, count) {
  const page = await context.newPage();
  const text = bigNote();
  const first = [];
  const complete = [];
  const longest = [];
  for (let i = 0; i < RUNS; i++) {
    await openNotes(page, base, count);
    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByRole('dialog', { name: 'New note' }).getByLabel('Content').waitFor();
    // Pasting 100 KB through the input pipeline is slow in headless Chromium; set it the way a paste ends up.
    await page.evaluate((v) => {
      const area = document.querySelector('[data-testid="note-editor"] textarea');
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, v);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    await page.waitForTimeout(500);
    await page.evaluate(watchLongTasks);
    const [ms, doneMs] = await page.evaluate(timeToSelectors, [
      ['[data-testid="markdown-preview"] > *', '[data-testid="markdown-preview"][data-complete="true"]'],
      '[data-testid="note-editor"] [role="tab"]:nth-child(2)',
    ]);
    first.push(ms);
    complete.push(doneMs);
    await page.waitForTimeout(100);
    longest.push(await page.evaluate(() => window.__longest));
  }
  await page.close();
  return { first, complete, longest };
}
