/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs`. Where there is no requestIdleCallback it
 * runs at once, or after `fallbackDelayMs` when one is given (work that must not run in the caller's task).
 * Answers a function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackDelayMs?: number): () => void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (h: number) => void };
  if (!w.requestIdleCallback) {
    if (fallbackDelayMs === undefined) {
      run();
      return () => undefined;
    }
    const timer = setTimeout(run, fallbackDelayMs);
    return () => clearTimeout(timer);
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

/**
 * Resolves in a new task, so that a long piece of work split into slices lets the browser paint and handle
 * input between them (`scheduler.yield()` where there is one, which keeps the work ahead of other queued tasks;
 * else a message to a channel, which, unlike `setTimeout(0)`, is not clamped to 4 ms).
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
