import { describe, expect, it } from 'vitest';
import { tokenSealer, TokenCryptoError } from './token-crypto.js';

const KEY = 'k'.repeat(32);

describe('token sealing (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same text differently each time (random IV)', () => {
    const s = tokenSealer(KEY, 'google-tokens');
    const a = s.seal('ya29.secret-access-token');
    const b = s.seal('ya29.secret-access-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-access-token');
    expect(s.open(a)).toBe('ya29.secret-access-token');
    expect(s.open(b)).toBe('ya29.secret-access-token');
    expect(s.open(s.seal(''))).toBe('');
  });

  it('refuses a value altered anywhere: IV, ciphertext, tag or format', () => {
    const s = tokenSealer(KEY, 'google-tokens');
    const sealed = s.seal('refresh-token-value');
    const parts = sealed.split('.');
    for (let i = 1; i < 4; i++) {
      const raw = Buffer.from(parts[i]!, 'base64url');
      raw[0] = raw[0]! ^ 1;
      const tampered = parts.map((p, j) => (j === i ? raw.toString('base64url') : p)).join('.');
      expect(() => s.open(tampered)).toThrow(TokenCryptoError);
    }
    expect(() => s.open('v2.' + parts.slice(1).join('.'))).toThrow(TokenCryptoError);
    expect(() => s.open('not sealed')).toThrow(TokenCryptoError);
  });

  it('refuses a value sealed with another key or for another purpose', () => {
    const sealed = tokenSealer(KEY, 'google-tokens').seal('x');
    expect(() => tokenSealer('j'.repeat(32), 'google-tokens').open(sealed)).toThrow(TokenCryptoError);
    expect(() => tokenSealer(KEY, 'other').open(sealed)).toThrow(TokenCryptoError);
  });

  it('refuses a short key', () => {
    expect(() => tokenSealer('short', 'google-tokens')).toThrow(/32 characters/);
  });
});
