import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimTrailing } from './text.js';

describe('trimTrailing', () => {
  it('drops the run of the character at the end only', () => {
    expect(trimTrailing('/notes///', '/')).toBe('/notes');
    expect(trimTrailing('/a//b', '/')).toBe('/a//b');
    expect(trimTrailing('////', '/')).toBe('');
    expect(trimTrailing('', '/')).toBe('');
  });

  it('answers what the old pattern answered, for any string', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('/', 'a', ' ', '\n') }), (s) => trimTrailing(s, '/') === s.replace(/\/+$/, '')));
  });

  it('is linear on a long run of the character followed by something else', () => {
    const input = '/'.repeat(200_000) + 'x';
    const started = performance.now();
    expect(trimTrailing(input, '/')).toBe(input);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
