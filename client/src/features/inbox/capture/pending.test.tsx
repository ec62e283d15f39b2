import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../inbox-data';
import { capturePending, useWithPending } from './pending';

const stored = (id: string, text: string): InboxItem => ({ id, text, source: 'app', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

describe('captures on their way into the live table', () => {
  it('show in front of the list at once, once the write resolves until the row is there, then only as the row', async () => {
    let resolve!: (id: string) => void;
    const { result, rerender } = renderHook(({ items }) => useWithPending(items), { initialProps: { items: [stored('old', 'Older')] as InboxItem[] } });
    let done!: Promise<string>;
    act(() => {
      done = capturePending('New thought', () => new Promise<string>((r) => (resolve = r)));
    });
    expect(result.current?.map((i) => i.text)).toEqual(['New thought', 'Older']);
    await act(async () => {
      resolve('new');
      await done;
    });
    expect(result.current?.map((i) => i.text)).toEqual(['New thought', 'Older']);
    await act(async () => rerender({ items: [stored('new', 'New thought'), stored('old', 'Older')] }));
    expect(result.current?.map((i) => i.id)).toEqual(['new', 'old']);
  });

  it('drop a capture whose write failed', async () => {
    const { result } = renderHook(() => useWithPending([]));
    let done!: Promise<string>;
    act(() => {
      done = capturePending('Lost?', () => Promise.reject(new Error('disk full')));
    });
    await act(async () => {
      await expect(done).rejects.toThrow('disk full');
    });
    expect(result.current).toEqual([]);
  });
});
