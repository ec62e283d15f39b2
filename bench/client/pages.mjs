// Page-side functions of the client suite: each runs inside the page (page.evaluate or an init script), so it
// may use only what the page has (no imports, no closures over this module).

/** Page-side: performance.now() of the first animation frame after the first task row was attached. */
export function firstRowProbe() {
  window.__firstRow = null;
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing */
  }
  const check = () => {
    if (window.__firstRow !== null || !document.querySelector('[data-task-row]')) return false;
    window.__firstRow = -1;
    requestAnimationFrame(() => {
      window.__firstRow = performance.now();
      console.debug('__bench:firstRow');
    });
    return true;
  };
  const mo = new MutationObserver(() => {
    if (check()) mo.disconnect();
  });
  const start = () => mo.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/**
 * Page-side: read from IndexedDB `dbName`, or -1 while the database or the store does not exist yet.
 * `what` = 'tasks': task rows, counted inside the bucket records (client/src/db/buckets.ts: { bucket: 1, rows:
 * Map }; a plain record is one row). `what` = 'cursor': the sync cursor stored in `_meta`. A pull page's rows and
 * its cursor commit in one transaction, so the cursor reaching the server's last version means every row is
 * stored; reading that one small record every 25 ms does not slow the sync it watches (counting rows would read
 * the whole table each time).
 */
export async function readLocal([dbName, what]) {
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes(dbName)) return -1;
  const store = what === 'cursor' ? '_meta' : 'tasks';
  return new Promise((resolve) => {
    const req = indexedDB.open(dbName);
    req.onerror = () => resolve(-1);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(store)) {
        db.close();
        resolve(-1);
        return;
      }
      const objects = db.transaction(store, 'readonly').objectStore(store);
      const read = what === 'cursor' ? objects.get('cursor') : objects.getAll();
      read.onsuccess = () => {
        db.close();
        const r = read.result;
        resolve(what === 'cursor' ? Number(r?.value ?? -1) : r.reduce((n, x) => n + (x && x.bucket === 1 && x.rows instanceof Map ? x.rows.size : 1), 0));
      };
      read.onerror = () => {
        db.close();
        resolve(-1);
      };
    };
  });
}

/** Page-side: polls the stored cursor every 25 ms from the first script on; records when it reaches `want`. */
export function syncProbe([dbName, want]) {
  window.__synced = null;
  if (!location.protocol.startsWith('http')) return;
  const tick = async () => {
    let n = -1;
    try {
      n = await window.__readLocal([dbName, 'cursor']);
    } catch {
      /* not ready */
    }
    if (n >= want) {
      window.__synced = performance.now();
      console.debug('__bench:synced');
      return;
    }
    setTimeout(tick, 25);
  };
  setTimeout(tick, 25);
}

/** Page-side: clicks checkbox `i` of the visible unchecked ones; resolves with click → next frame after the flip. */
export function toggleOnce() {
  return new Promise((resolve, reject) => {
    const boxes = [...document.querySelectorAll('[data-task-row] button[role="checkbox"][data-state="unchecked"]')];
    const box = boxes.find((b) => {
      const r = b.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    if (!box) {
      reject(new Error('no unchecked checkbox in view'));
      return;
    }
    const row = box.closest('[data-task-row]');
    const list = row.parentElement;
    let t0 = 0;
    let done = false;
    // The longest gap between animation frames in the 500 ms after the click (main-thread work the toggle caused).
    let last = 0;
    let worstGap = 0;
    const frames = (now) => {
      if (last) worstGap = Math.max(worstGap, now - last);
      last = now;
      if (now - t0 < 500) requestAnimationFrame(frames);
      else resolve({ ms: window.__toggleMs, worstGapMs: worstGap });
    };
    const flipped = () => !box.isConnected || box.getAttribute('data-state') === 'checked';
    const mo = new MutationObserver(() => {
      if (done || !flipped()) return;
      done = true;
      mo.disconnect();
      requestAnimationFrame(() => {
        window.__toggleMs = performance.now() - t0;
      });
    });
    mo.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    t0 = performance.now();
    requestAnimationFrame(frames);
    box.click();
    if (flipped() && !done) {
      done = true;
      mo.disconnect();
      requestAnimationFrame(() => {
        window.__toggleMs = performance.now() - t0;
      });
    }
  });
}

/** Page-side (B): resolves with the epoch ms of the first frame after a row titled `title` appeared. */
export function watchTitle(title) {
  window.__seen = new Promise((resolve) => {
    const has = () => [...document.querySelectorAll('[data-task-title]')].some((e) => e.textContent === title);
    const mo = new MutationObserver(() => {
      if (!has()) return;
      mo.disconnect();
      requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
    });
    mo.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
