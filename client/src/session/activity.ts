/**
 * The activity ping (SPEC section 9): `POST /api/user/activity` at most once per 15 minutes, on a 30-minute
 * timer and on a click, key or scroll. Between two pings the page listens to nothing: after a ping the
 * listeners come off and are put back when 15 minutes have passed. Offline it sends nothing and says nothing;
 * a failed ping is not retried before the next turn (activity failures are only logged, SPEC section 8).
 */
export const ACTIVITY_MIN_MS = 15 * 60_000;
export const ACTIVITY_TIMER_MS = 30 * 60_000;
const EVENTS = ['click', 'keydown', 'scroll'] as const;

let send: (() => Promise<unknown>) | null = null;
let lastAt = -Infinity;
let timer: ReturnType<typeof setInterval> | null = null;
let rearm: ReturnType<typeof setTimeout> | null = null;
let listening = false;

const onActivity = () => void pingActivity();

function listen(on: boolean) {
  if (on === listening || typeof window === 'undefined') return;
  listening = on;
  for (const name of EVENTS) {
    if (on) window.addEventListener(name, onActivity, { passive: true, capture: true });
    else window.removeEventListener(name, onActivity, { capture: true });
  }
}

/** The listeners come back once 15 minutes have passed since the last ping. */
function listenWhenDue() {
  if (rearm) clearTimeout(rearm);
  rearm = null;
  const wait = ACTIVITY_MIN_MS - (Date.now() - lastAt);
  if (wait <= 0) return listen(true);
  listen(false);
  rearm = setTimeout(() => {
    rearm = null;
    if (send) listen(true);
  }, wait);
}

/** Sends a ping unless one went less than 15 minutes ago, the pings are stopped, or the device is offline. */
export function pingActivity(): void {
  if (!send || Date.now() - lastAt < ACTIVITY_MIN_MS) return;
  if (globalThis.navigator?.onLine === false) return;
  lastAt = Date.now();
  listenWhenDue();
  send().catch(() => {
    /* activity failures are only logged (SPEC section 8): nothing to show, nothing to retry */
  });
}

/** Signed in: pings from now on (on the next click, key, scroll or timer turn). `post` makes the call. */
export function startActivity(post: () => Promise<unknown>): void {
  if (send) return;
  send = post;
  timer = setInterval(pingActivity, ACTIVITY_TIMER_MS);
  listenWhenDue();
}

/** Signed out (or unauthorised): no timer, no listeners, no calls. */
export function stopActivity(): void {
  send = null;
  if (timer) clearInterval(timer);
  if (rearm) clearTimeout(rearm);
  timer = rearm = null;
  listen(false);
}
