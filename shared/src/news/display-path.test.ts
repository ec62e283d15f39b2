import { describe, expect, it } from 'vitest';
import { DISPLAY_PATH_RE } from './schema.js';
import { slugify, uniquePath } from './display-path.js';

describe('news display paths', () => {
  it('makes a lowercase Latin path from a title, transliterating Cyrillic', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('Привет, мир!')).toBe('privet-mir');
    expect(slugify('Щука и ёжик: новый год')).toBe('shchuka-i-ezhik-novyy-god');
    expect(slugify('Café déjà vu — 2026')).toBe('cafe-deja-vu-2026');
    expect(slugify('  ---  ')).toBe('news');
    expect(slugify('🎉')).toBe('news');
  });

  it('stays within the display path rule however long or odd the title', () => {
    for (const title of ['x'.repeat(500), 'Ж'.repeat(300), 'a b '.repeat(100), 'Ünïcödé ✓ ½ ﬁ']) {
      const slug = slugify(title);
      expect(slug).toMatch(DISPLAY_PATH_RE);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug.endsWith('-')).toBe(false);
    }
  });

  it('adds -2, -3 on a clash', () => {
    expect(uniquePath('a', new Set())).toBe('a');
    expect(uniquePath('a', new Set(['a']))).toBe('a-2');
    expect(uniquePath('a', new Set(['a', 'a-2']))).toBe('a-3');
  });
});
