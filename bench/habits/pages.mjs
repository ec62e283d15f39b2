// Page-side functions of bench/feature-habits-client.mjs (they run inside the page: no imports, no closures).

/**
 * Page-side: click the Habits link; resolves with click → first frame after the first screen of rows (`first`)
 * is in the page, and → first frame after all `want` rows are.
 */
export function navigateToHabits([first, want]) {
  return new Promise((resolve, reject) => {
    const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/habits');
    if (!link) {
      reject(new Error('no Habits link'));
      return;
    }
    let t0 = 0;
    let firstMs = null;
    const count = () => document.querySelectorAll('[data-testid="habit-row"]').length;
    const mo = new MutationObserver(() => {
      const n = count();
      if (firstMs === null && n >= first) {
        firstMs = -1;
        requestAnimationFrame(() => {
          firstMs = performance.now() - t0;
        });
      }
      if (n < want) return;
      mo.disconnect();
      requestAnimationFrame(() => {
        const allMs = performance.now() - t0;
        resolve({ firstMs: firstMs > 0 ? firstMs : allMs, allMs });
      });
    });
    mo.observe(document.body, { childList: true, subtree: true });
    t0 = performance.now();
    link.click();
  });
}

/** Page-side: click one strip day of the first row in view; resolves with click → first frame after it changed. */
export function clickDay() {
  return new Promise((resolve, reject) => {
    const rows = [...document.querySelectorAll('[data-testid="habit-row"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= 0 && b.bottom <= innerHeight;
    });
    const cells = rows.flatMap((r) => [...r.querySelectorAll('[role="group"] button:not([disabled])')]);
    const cell = cells[Math.floor(cells.length / 2)];
    if (!cell) {
      reject(new Error('no active strip day in view'));
      return;
    }
    const before = cell.getAttribute('data-state');
    let t0 = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      mo.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const mo = new MutationObserver(() => {
      if (cell.getAttribute('data-state') !== before) finish();
    });
    mo.observe(cell, { attributes: true, attributeFilter: ['data-state'] });
    t0 = performance.now();
    cell.click();
    if (cell.getAttribute('data-state') !== before) finish();
  });
}
