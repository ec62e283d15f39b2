import fc from 'fast-check';
import { describe, it } from 'vitest';
import { isEmail, normaliseTime, timeOfMatch } from './fields.js';

/**
 * The linear checks accept what the old backtracking patterns accepted, on inputs short enough for the old
 * patterns to answer quickly (issue 12, point 1 changed how input is checked, not what is accepted).
 */

const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OLD_TIME = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([aApP][mM])?\s*$/;

const stringsOf = (chars: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...chars), maxLength });

describe('same answers as the old patterns', () => {
  it('email', () => {
    const candidates = fc.oneof(stringsOf('aB.@ \t-é', 24), fc.stringMatching(OLD_EMAIL).filter((v) => v.length <= 254));
    fc.assert(fc.property(candidates, (v) => isEmail(v) === OLD_EMAIL.test(v)), { numRuns: 5_000 });
  });

  it('time of day, up to 14 characters (so at most 8 blanks between the time and am/pm)', () => {
    const candidates = fc.oneof(stringsOf('0123456789: \taApPmMx', 14), fc.stringMatching(OLD_TIME).filter((v) => v.length <= 14));
    fc.assert(fc.property(candidates, (v) => normaliseTime(v) === timeOfMatch(OLD_TIME.exec(v))), { numRuns: 5_000 });
  });
});
