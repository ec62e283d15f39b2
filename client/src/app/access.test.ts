import { describe, expect, it } from 'vitest';
import { isPublicPath } from './access';

describe('isPublicPath', () => {
  it.each([
    ['/', true],
    ['/auth/login', true],
    ['/auth/login/', true],
    ['/auth/verify?email=a', true],
    ['/news/en/some-item', true],
    ['/news/de', true], // a sub-path of /news
    ['/donate', true],
    ['/tasks', false],
    ['/dashboard', false],
    ['/auth/settings', false],
    ['/auth', false],
    ['/admin', false],
    ['/aboutx', false],
  ])('%s → %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});
