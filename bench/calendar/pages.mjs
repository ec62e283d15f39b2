// Page-side code of the calendar benches (bench/feature-calendar-client.mjs), run with page.evaluate.

/**
 * Metric 140: clicks the toolbar button named `button` and resolves with ms from the click to the first animation
 * frame in which the day `date` of the newly shown month holds at least one event (or is shown, without events).
 */
export function navigateMonth([button, date, withEvents = true]) {
  return new Promise((resolve) => {
    const target = [...document.querySelectorAll('[data-testid="calendar-toolbar"] button')].find((b) => b.getAttribute('aria-label') === button || b.textContent === button);
    const t0 = performance.now();
    let done = false;
    const check = () => {
      if (done || !document.querySelector(`.cal-root :is([role="cell"], [role="gridcell"])[data-date="${date}"]${withEvents ? ' [data-testid="calendar-event"]' : ''}`)) return;
      done = true;
      mo.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const mo = new MutationObserver(check);
    mo.observe(document.body, { childList: true, subtree: true });
    target.click();
    check();
  });
}

/** Metric 141: clicks the navigation link to /calendar; ms to the first frame with events in the day `date`. */
export function openCalendar([date, withEvents = true]) {
  return new Promise((resolve) => {
    const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/calendar');
    const t0 = performance.now();
    let done = false;
    const check = () => {
      if (done || !document.querySelector(`.cal-root :is([role="cell"], [role="gridcell"])[data-date="${date}"]${withEvents ? ' [data-testid="calendar-event"]' : ''}`)) return;
      done = true;
      mo.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const mo = new MutationObserver(check);
    mo.observe(document.body, { childList: true, subtree: true });
    link.click();
    check();
  });
}

/**
 * Metric 142, before the drop: from the next pointerup on, waits for the event titled `title` to show in the day
 * `date`; `window.__drop` resolves with ms from the pointerup to the first frame showing it there, and the longest
 * main-thread task in the 400 ms after the drop (the local write and its re-render included).
 */
export function armDrop([title, date]) {
  window.__drop = new Promise((resolve) => {
    let t0 = 0;
    let longest = 0;
    const po = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.startTime >= t0) longest = Math.max(longest, e.duration);
    });
    po.observe({ type: 'longtask' });
    const inTarget = () => [...document.querySelectorAll(`.cal-root :is([role="cell"], [role="gridcell"])[data-date="${date}"] [data-testid="calendar-event"]`)].some((e) => e.textContent.includes(title));
    addEventListener(
      'pointerup',
      () => {
        t0 = performance.now();
        let done = false;
        const check = () => {
          if (done || !inTarget()) return;
          done = true;
          mo.disconnect();
          requestAnimationFrame(() => {
            const frameMs = performance.now() - t0;
            setTimeout(() => {
              po.disconnect();
              resolve({ frameMs, longestMs: longest });
            }, 400);
          });
        };
        const mo = new MutationObserver(check);
        mo.observe(document.body, { childList: true, subtree: true, attributes: true });
        check();
      },
      { capture: true, once: true },
    );
  });
}
