import { describe, expect, it, vi } from 'vitest';
import { createVideoStore, MANIFEST_ERROR } from './store';

const manifest = { tiktok: { 'a.mp4': 1, 'b.mp4': 2 } };

describe('video store', () => {
  it('loads the manifest once and picks a first video', async () => {
    const fetchManifest = vi.fn(async () => manifest);
    const store = createVideoStore(fetchManifest, () => 0);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().manifest));
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(fetchManifest).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['loading', 'loaded']);
    expect(store.get()).toMatchObject({ manifest: 'loaded', videos: manifest, error: null, current: { category: 'tiktok', file: 'a.mp4' } });
  });

  it('next() moves to another video', async () => {
    const values = [0, 0, 0, 0, 0, 0.9];
    const store = createVideoStore(async () => manifest, () => values.shift() ?? 0.9);
    await store.load();
    expect(store.get().current?.file).toBe('a.mp4');
    store.next();
    expect(store.get().current?.file).toBe('b.mp4');
  });

  it("keeps 'Failed to fetch manifest' on failure and loads again only on retry", async () => {
    const fetchManifest = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(manifest);
    const store = createVideoStore(fetchManifest, () => 0);
    await store.load();
    expect(store.get()).toMatchObject({ manifest: 'failed', error: MANIFEST_ERROR, current: null });
    expect(MANIFEST_ERROR).toBe('Failed to fetch manifest');
    await store.load();
    expect(fetchManifest).toHaveBeenCalledTimes(1);
    store.next();
    expect(store.get().current).toBeNull();
    await store.retry();
    expect(fetchManifest).toHaveBeenCalledTimes(2);
    expect(store.get()).toMatchObject({ manifest: 'loaded', error: null, current: { file: 'a.mp4' } });
  });
});
