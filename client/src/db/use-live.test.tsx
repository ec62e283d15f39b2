import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveSnapshot, LiveSource } from './live-table';
import { useLive } from './use-live';

/** A source the test publishes by hand. */
function manualSource<T>(): LiveSource<T> & { publish(items: T[], fromPull: boolean): void } {
  let snapshot: LiveSnapshot<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    publish(items, fromPull) {
      snapshot = { items, fromPull };
      for (const l of listeners) l();
    },
  };
}

describe('useLive', () => {
  it('renders a local change once, and a pulled change after the screen stayed as it was', async () => {
    const source = manualSource<string>();
    source.publish(['a'], false);
    const renders: (string[] | undefined)[] = [];
    function Probe() {
      renders.push(useLive(source));
      return null;
    }
    render(<Probe />);
    expect(renders).toEqual([['a']]);

    act(() => source.publish(['a', 'b'], false));
    expect(renders.slice(1)).toEqual([['a', 'b']]); // one render: no deferred second pass for a local write

    renders.length = 0;
    await act(async () => source.publish(['a', 'b', 'c'], true));
    // The urgent render keeps what was shown; the deferred (interruptible) one shows the pulled rows.
    expect(renders).toEqual([['a', 'b'], ['a', 'b', 'c']]);
  });
});
