// Page-side code of the client search benches (bench/feature-search-client.mjs), run with page.evaluate.

/** Presses Ctrl+K on the page (the palette's key handler) and resolves when the palette's field is focused. */
export function openPalette() {
  return new Promise((resolve) => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true }));
    const check = () => {
      const input = document.querySelector('[data-testid="search-palette"] [role="combobox"]');
      if (input && document.activeElement === input) resolve(true);
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** Metric 161: resolves with the index build's measures once the first build is done (or null after 60 s). */
export function buildMeasures() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const check = () => {
      const wall = performance.getEntriesByName('search:build')[0];
      const worker = performance.getEntriesByName('search:build:worker')[0];
      if (wall && worker) resolve({ wallMs: wall.duration, workerMs: worker.duration });
      else if (performance.now() - t0 > 60_000) resolve(null);
      else setTimeout(check, 20);
    };
    check();
  });
}

/**
 * Metric 160: sets the palette's field to `query` as a keystroke does (the input event React listens to) and
 * resolves with ms from the input event to the first animation frame showing that query's results (the
 * list's `data-query`), and how many results are shown. `commitMs`: to the moment the list had changed (a
 * MutationObserver's callback), without the wait for the frame.
 */
export function typeAndWait(query) {
  return new Promise((resolve) => {
    const input = document.querySelector('[data-testid="search-palette"] [role="combobox"]');
    const list = document.querySelector('[data-testid="search-palette"] [data-query]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    let done = false;
    const check = () => {
      if (done || list.getAttribute('data-query') !== query.trim()) return;
      done = true;
      mo.disconnect();
      const commit = performance.now();
      // The query's round trip (the newest `search:ask`): the keystroke's work before it was posted, and the
      // render of its answer (from the worker's message to the list changed).
      const ask = performance.getEntriesByName('search:ask').at(-1);
      const parts = ask && ask.startTime >= t0 ? { keyMs: ask.startTime - t0, renderMs: commit - (ask.startTime + ask.duration) } : {};
      requestAnimationFrame(() => resolve({ ms: performance.now() - t0, commitMs: commit - t0, ...parts, shown: list.querySelectorAll('[data-testid="search-result"]').length }));
    };
    const mo = new MutationObserver(check);
    mo.observe(list, { attributes: true, childList: true, subtree: true });
    const t0 = performance.now();
    setValue.call(input, query);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: query.slice(-1) }));
    check();
  });
}

/** The round trips of the queries asked so far (`search:ask` measures) and the worker's part of each; clears them. */
export function askMeasures() {
  const entries = performance.getEntriesByName('search:ask');
  const out = entries.map((e) => ({ roundTripMs: e.duration, workerMs: e.detail?.workerMs ?? 0 }));
  performance.clearMeasures('search:ask');
  return out;
}

/**
 * Diagnostic: for each keystroke whose list the palette narrowed on the main thread (a query typed forward), how
 * the worker's answer compared with it (`same`, `terms`: other bold words, `order`: same rows reordered, `rows`:
 * rows added or removed) and whether the narrowed list was provisional; clears them. Empty on builds without it.
 */
export function narrowMeasures() {
  const entries = performance.getEntriesByName('search:narrow');
  const out = entries.map((e) => ({ ...e.detail, provisional: !!e.detail?.provisional }));
  performance.clearMarks('search:narrow');
  return out;
}
