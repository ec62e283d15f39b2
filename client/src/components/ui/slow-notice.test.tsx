import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../test/kit';
import { SlowNotice } from './slow-notice';

beforeAll(() => activateEnglish());
afterEach(() => vi.useRealTimers());

describe('SlowNotice', () => {
  it('says nothing at first and that it is taking longer after the delay, in a polite status', () => {
    vi.useFakeTimers();
    renderWithI18n(<SlowNotice delayMs={3000} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => vi.advanceTimersByTime(2999));
    expect(status.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('This is taking longer than expected...');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  it('never speaks once it is gone before the delay (the screen arrived)', () => {
    vi.useFakeTimers();
    const { unmount } = renderWithI18n(<SlowNotice delayMs={3000} />);
    act(() => vi.advanceTimersByTime(1000));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
