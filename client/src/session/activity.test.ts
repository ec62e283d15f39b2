import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_MIN_MS, ACTIVITY_TIMER_MS, pingActivity, startActivity, stopActivity } from './activity';

const MIN = 60_000;
let post: ReturnType<typeof vi.fn<() => Promise<unknown>>>;
let offline = false;
/** The spacing is module state, like the app's: each test starts 15 minutes after the previous one ended. */
let clock = Date.now();

beforeEach(() => {
  vi.useFakeTimers({ now: clock });
  offline = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
  post = vi.fn(async () => null);
});
afterEach(() => {
  stopActivity();
  clock = Date.now() + ACTIVITY_MIN_MS;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const act = {
  click: () => window.dispatchEvent(new MouseEvent('click')),
  key: () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })),
  scroll: () => document.body.dispatchEvent(new Event('scroll')),
};

describe('the activity ping (SPEC section 9)', () => {
  it('sends on a click, then nothing for 15 minutes whatever the user does, then once on the next key', () => {
    startActivity(post);
    expect(post).not.toHaveBeenCalled();
    act.click();
    expect(post).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 14; i++) {
      vi.advanceTimersByTime(MIN);
      act.click();
      act.key();
      act.scroll();
    }
    expect(post).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MIN);
    act.key();
    act.key();
    expect(post).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(ACTIVITY_MIN_MS);
    act.scroll(); // a scroll inside any element reaches the capturing listener
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('listens to nothing between pings (no work at all while under 15 minutes)', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    startActivity(post);
    expect(add.mock.calls.map((c) => [c[0], c[2]])).toEqual(
      ['click', 'keydown', 'scroll'].map((name) => [name, { passive: true, capture: true }]),
    );
    act.click();
    expect(remove.mock.calls.map((c) => c[0])).toEqual(['click', 'keydown', 'scroll']);
    add.mockClear();
    vi.advanceTimersByTime(ACTIVITY_MIN_MS - 1);
    expect(add).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(add).toHaveBeenCalledTimes(3);
  });

  it('sends on the 30-minute timer without any user activity', () => {
    startActivity(post);
    vi.advanceTimersByTime(ACTIVITY_TIMER_MS - 1);
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(post).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ACTIVITY_TIMER_MS);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('is silent offline (no call, no error), and a failed call is not retried before its turn', async () => {
    const errors = vi.spyOn(console, 'error');
    startActivity(post);
    offline = true;
    act.click();
    vi.advanceTimersByTime(ACTIVITY_TIMER_MS);
    expect(post).not.toHaveBeenCalled();

    offline = false;
    post.mockRejectedValue(new TypeError('fetch failed'));
    act.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(1);
    act.click();
    act.key();
    vi.advanceTimersByTime(ACTIVITY_MIN_MS - 1);
    pingActivity();
    expect(post).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('stops when signed out: no timer, no listener, no call', () => {
    startActivity(post);
    stopActivity();
    act.click();
    vi.advanceTimersByTime(2 * ACTIVITY_TIMER_MS);
    pingActivity();
    expect(post).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
