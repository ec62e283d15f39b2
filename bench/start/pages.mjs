// Page-side functions of bench/feature-start-client.mjs (they run inside the page: no imports, no closures).

/**
 * Init script: records performance.now() of the first animation frame after an element matching `selector` is
 * attached (the first screen is usable), and logs `__bench:usable`. Also keeps the paint entries' times.
 */
export function usableProbe(selector) {
  window.__usable = null;
  const check = () => {
    if (window.__usable !== null || !document.querySelector(selector)) return false;
    window.__usable = -1;
    requestAnimationFrame(() => {
      window.__usable = performance.now();
      console.debug('__bench:usable');
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

/** Page-side: the load's figures once the probe fired: usable, first paint and first contentful paint, marks. */
export function startFigures() {
  const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    usable: window.__usable,
    fp: paint('first-paint'),
    fcp: paint('first-contentful-paint'),
    main: mark('app:main'),
    render: mark('app:render'),
    responseEnd: nav?.responseEnd ?? null,
    domInteractive: nav?.domInteractive ?? null,
    resources: performance
      .getEntriesByType('resource')
      .map((r) => `${r.name.replace(location.origin, '')} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`),
  };
}

/**
 * Page-side: waits for the next Enter (pressed by the driver); resolves with its time stamp → the first animation
 * frame after a task row titled `title` is in the document.
 */
export function armAdd(title) {
  window.__addTiming = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no row "${title}" within 5 s`)), 5000);
    let t0 = 0;
    const has = () => [...document.querySelectorAll('[data-task-title]')].some((e) => e.textContent === title);
    const seen = () => {
      mo.disconnect();
      // The row is in the document: the work after the key is done; what follows is the wait for the frame.
      window.__addWork = performance.now() - t0;
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      });
    };
    const mo = new MutationObserver(() => {
      if (t0 && has()) seen();
    });
    const onKey = (e) => {
      if (e.key !== 'Enter') return;
      t0 = e.timeStamp;
      document.removeEventListener('keydown', onKey, true);
    };
    document.addEventListener('keydown', onKey, true);
    mo.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Page-side: the add's figure (key → frame) and, as `work`, key → the row in the document. */
export async function addTiming() {
  const ms = await window.__addTiming;
  return { ms, work: window.__addWork };
}
