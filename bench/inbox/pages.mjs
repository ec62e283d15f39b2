// Page-side functions of bench/feature-inbox-client.mjs (they run inside the page: no imports, no closures).

/**
 * Page-side: wait for the next keydown of Q (pressed by the driver); resolves with its time stamp → the first
 * animation frame after the capture field has the focus, and the part until the focus (synchronous).
 */
export function armCaptureKey() {
  window.__captureTiming = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no capture focus within 5 s')), 5000);
    let t0 = 0;
    const onKey = (e) => {
      if (e.code === 'KeyQ') t0 = e.timeStamp;
    };
    const onFocus = (e) => {
      if (!(e.target instanceof HTMLTextAreaElement) || !e.target.closest('[data-testid="capture"]')) return;
      const focusMs = performance.now() - t0;
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus, true);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve({ frameMs: performance.now() - t0, focusMs });
      });
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus, true);
  });
}

export function captureTiming() {
  return window.__captureTiming;
}

/**
 * Page-side: wait for the next Enter in the capture field (pressed by the driver); resolves with its time
 * stamp → the first animation frame after an inbox row with `text` is in the list.
 */
export function armStore(text) {
  window.__storeTiming = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no row "${text}" within 5 s`)), 5000);
    let t0 = 0;
    const list = document.querySelector('ul[aria-label]') ?? document.body;
    const has = () => [...list.querySelectorAll('[data-testid="inbox-item"]')].some((li) => li.textContent.includes(text));
    const mo = new MutationObserver(() => {
      if (!t0 || !has()) return;
      mo.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      });
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

export function storeTiming() {
  return window.__storeTiming;
}
