import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from '@adhd/shared/users/schema';
import { z } from 'zod/mini';
import common from './common-passwords.json' with { type: 'json' };
import {
  assertPasswordAllowed,
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords.js';

const cost = { memoryCost: 19_456, timeCost: 2 };
/** Refused by the schema (length) or by the common list. */
const refused = (p: string) => !z.safeParse(passwordSchema, p).success || isCommonPassword(p);

describe('password policy', () => {
  it('ships at least the top 3,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(3000);
    expect(common.passwords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses 100% of the top 3,000 (by length or by the list), in any letter case', () => {
    const top = common.passwords.slice(0, 3000);
    expect(top.filter((p) => !refused(p))).toEqual([]);
    expect(top.filter((p) => !refused(p.toUpperCase()))).toEqual([]);
    expect(refused('Password1')).toBe(true);
  });

  it('has no composition rules: 8 to 128 characters of anything that is not common', () => {
    for (const p of ['abcdefgh'.replace('a', 'z'), 'ЖЖЖЖЖЖЖЖ', '        x', '🙂🙂🙂🙂🙂🙂🙂🙂', 'x'.repeat(PASSWORD_MAX)]) {
      expect(refused(p)).toBe(false);
    }
    expect(refused('x'.repeat(PASSWORD_MIN - 1))).toBe(true);
    expect(refused('x'.repeat(PASSWORD_MAX + 1))).toBe(true);
  });

  it('names the field and the key validation.passwordCommon', () => {
    expect(() => assertPasswordAllowed('newPassword', 'qwerty123')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        details: [expect.objectContaining({ field: 'newPassword', key: 'validation.passwordCommon' })],
      }),
    );
  });
});

describe('Argon2id hashing', () => {
  it('hashes with argon2id at the configured cost and verifies', async () => {
    const h = await hashPassword('plum-tree-orchard', cost);
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'plum-tree-orchard')).toBe(true);
    expect(await verifyPassword(h, 'plum-tree-orcharD')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(h, cost)).toBe(false);
    expect(needsRehash(h, { memoryCost: 65_536, timeCost: 3 })).toBe(true);
  });
});
