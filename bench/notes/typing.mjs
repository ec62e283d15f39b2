// Notes bench 123 (bench/feature-notes-client.mjs): keystrokes in the editor of a 100 KB note against a bare
// <textarea> holding the same text, and the 100 KB note itself.

export const KEYSTROKES = 60;

/** A realistic 100 KB markdown note: headings, paragraphs, lists, task lists, code, quotes, tables, links. */
export function bigNote(size = 100_000) {
  const block = (i) =>
    `## Section ${i}\n\nSome **bold** and _italic_ text with \`code\` and a [link](https://example.com/${i}). ` +
    `A longer sentence follows so the paragraph reads like a real note, with ~~struck~~ words and more words.\n\n` +
    `- item one\n- item two\n  - nested item\n\n1. first\n2. second\n\n- [ ] open task ${i}\n- [x] done task ${i}\n\n` +
    '```js\nconst total = items.reduce((a, b) => a + b, 0);\nconsole.log(total);\n```\n\n' +
    `> A quote worth keeping, number ${i}.\n\n| key | value |\n|---|---|\n| a | ${i} |\n\n---\n\n`;
  let s = '# Big note\n\n';
  for (let i = 1; s.length < size; i++) s += block(i);
  return s;
}

/**
 * Page-side: from now on, per keydown, the ms to the next animation frame (`__frames`) and, with `work`, to the
 * next task (`__work`: the keystroke's own work done).
 */
function recordKeydowns(work) {
  window.__frames = [];
  window.__work = [];
  document.addEventListener('keydown', () => {
    const t0 = performance.now();
    requestAnimationFrame(() => window.__frames.push(performance.now() - t0));
    if (work) setTimeout(() => window.__work.push(performance.now() - t0), 0);
  }, true);
}

/** Types KEYSTROKES keys (every tenth a space), 40 ms apart, at the end of the focused field; answers the recordings. */
async function typeAtEnd(page, work) {
  await page.keyboard.press('Control+End');
  await page.evaluate(recordKeydowns, work);
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 10 === 9 ? 'Space' : 'a');
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => ({ frames: window.__frames, work: window.__work }));
}

/** Metric 123: keydown → next animation frame, in the editor of the 100 KB note. */
export async function keystrokes(context, base, bigId) {
  const page = await context.newPage();
  await page.goto(`${base}/notes?id=${bigId}`);
  const dialog = page.getByRole('dialog', { name: 'Big note' });
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  const area = page.getByRole('dialog', { name: 'Edit note' }).getByLabel('Content');
  await area.click();
  const out = await typeAtEnd(page, true);
  await page.close();
  return out;
}

/** Baseline of 123: a bare <textarea> holding the same 100 KB text, no app around it. */
export async function bareTextarea(browser) {
  const page = await browser.newPage();
  await page.setContent('<textarea id="t" rows="15" cols="100" style="font-family:monospace"></textarea>');
  await page.evaluate((v) => (document.getElementById('t').value = v), bigNote());
  await page.click('#t');
  const { frames } = await typeAtEnd(page, false);
  await page.close();
  return frames;
}
