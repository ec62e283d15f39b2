/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs` (at once where there is no
 * requestIdleCallback). Answers a function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (h: number) => void };
  if (!w.requestIdleCallback) {
    run();
    return () => undefined;
  }
  const handle = w.requestIdleCallback(run, { timeout: timeoutMs });
  return () => w.cancelIdleCallback?.(handle);
}

/** Resolves after the next frame has been painted (a timeout when the page is hidden). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
