import { describe, expect, it } from 'vitest';
import { categoryCounts, categoryDisplayName, pickVideo, PICK_ATTEMPTS, videoUrl, type VideoManifest } from './pick';

/** A random source answering the given values in turn (then the last one forever), counting its calls. */
function scripted(...values: number[]) {
  let i = 0;
  const random = () => values[Math.min(i++, values.length - 1)]!;
  return Object.assign(random, { calls: () => i });
}

const manifest: VideoManifest = {
  tiktok: { 'a.mp4': 10, 'b.mp4': 20, 'c.mp4': 30 },
  pexels: { 'p.mp4': 5 },
  empty: {},
};

describe('categoryDisplayName', () => {
  it('names the three known categories as the spec says, any other as it is', () => {
    expect(categoryDisplayName('oddlysatisfying-tg')).toBe('@oddlysatisfying');
    expect(categoryDisplayName('tiktok')).toBe('TikTok');
    expect(categoryDisplayName('pexels')).toBe('Pexels');
    expect(categoryDisplayName('cats')).toBe('cats');
    expect(categoryDisplayName('constructor')).toBe('constructor');
  });
});

describe('pickVideo', () => {
  it('weights each category by its number of videos: the draw falls in a category in proportion to its size', () => {
    // Four videos: tickets 0–2 are tiktok's, ticket 3 is pexels'. The second value picks the file.
    expect(pickVideo(manifest, null, scripted(0, 0))).toEqual({ category: 'tiktok', file: 'a.mp4' });
    expect(pickVideo(manifest, null, scripted(0.74, 0.99))).toEqual({ category: 'tiktok', file: 'c.mp4' });
    expect(pickVideo(manifest, null, scripted(0.75, 0.5))).toEqual({ category: 'pexels', file: 'p.mp4' });
    expect(pickVideo(manifest, null, scripted(0.999, 0))).toEqual({ category: 'pexels', file: 'p.mp4' });
  });

  it('over many draws each video comes up about equally often (categories weighted by count)', () => {
    let seed = 42;
    const lcg = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const tally: Record<string, number> = {};
    for (let i = 0; i < 8000; i++) {
      const p = pickVideo(manifest, null, lcg)!;
      tally[p.category] = (tally[p.category] ?? 0) + 1;
    }
    // tiktok has 3 of the 4 videos: about 6000 of 8000 draws.
    expect(tally.tiktok! / 8000).toBeGreaterThan(0.7);
    expect(tally.tiktok! / 8000).toBeLessThan(0.8);
    expect(tally.empty).toBeUndefined();
  });

  it('draws again to avoid the current video', () => {
    const random = scripted(0, 0, 0, 0.5);
    expect(pickVideo(manifest, { category: 'tiktok', file: 'a.mp4' }, random)).toEqual({ category: 'tiktok', file: 'b.mp4' });
    expect(random.calls()).toBe(4);
  });

  it(`gives up after ${PICK_ATTEMPTS} draws and repeats (a manifest with one video)`, () => {
    const one = { pexels: { 'p.mp4': 5 } };
    const random = scripted(0.3);
    expect(pickVideo(one, { category: 'pexels', file: 'p.mp4' }, random)).toEqual({ category: 'pexels', file: 'p.mp4' });
    expect(random.calls()).toBe(PICK_ATTEMPTS * 2);
    expect(PICK_ATTEMPTS).toBe(10);
  });

  it('answers null for an empty manifest', () => {
    expect(pickVideo({}, null, scripted(0.5))).toBeNull();
    expect(pickVideo({ a: {} }, null, scripted(0.5))).toBeNull();
  });
});

describe('helpers', () => {
  it('counts videos per category without empty ones, and builds the file URL', () => {
    expect(categoryCounts(manifest)).toEqual([
      { category: 'tiktok', count: 3 },
      { category: 'pexels', count: 1 },
    ]);
    expect(videoUrl({ category: 'oddlysatisfying-tg', file: 'a b.mp4' })).toBe('/brainrot/oddlysatisfying-tg/a%20b.mp4');
  });
});
